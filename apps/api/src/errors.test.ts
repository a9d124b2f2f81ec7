/** The one mapping from any error to what a caller may see. */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  toPublicError,
} from './errors';

const GENERIC = {
  code: 'INTERNAL_SERVER_ERROR',
  message: 'Something went wrong on our side. Please try again.',
};

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('toPublicError', () => {
  it('keeps domain errors, their code and their details', () => {
    expect(toPublicError(new NotFoundError('Order'))).toEqual({
      code: 'NOT_FOUND',
      message: 'Order not found',
    });
    expect(toPublicError(new UnauthorizedError())).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(toPublicError(new ForbiddenError()).code).toBe('FORBIDDEN');
    expect(toPublicError(new ConflictError('Only 2 left', { left: 2 }))).toEqual({
      code: 'CONFLICT',
      message: 'Only 2 left',
      details: { left: 2 },
    });
    expect(toPublicError(new BadRequestError('Bad', [{ path: 'a', message: 'b' }]))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Bad',
      issues: [{ path: 'a', message: 'b' }],
    });
  });

  it('finds a domain error wrapped by tRPC', () => {
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new NotFoundError('Product') });
    expect(toPublicError(wrapped)).toEqual({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('turns a zod failure into BAD_REQUEST with dotted paths', () => {
    const result = z.object({ items: z.array(z.object({ quantity: z.number().min(1) })) }).safeParse({
      items: [{ quantity: 0 }],
    });
    const error = toPublicError(new TRPCError({ code: 'BAD_REQUEST', cause: result.error }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.issues).toEqual([{ path: 'items.0.quantity', message: expect.any(String) }]);
    expect(error.message).toMatch(/^Invalid input: items\.0\.quantity: /);
  });

  it('hides unknown errors, SQL included, behind a generic 500', () => {
    expect(toPublicError(new Error('SELECT * FROM users WHERE secret'))).toEqual(GENERIC);
    expect(toPublicError(withCode('relation "products" does not exist', '42P01'))).toEqual(GENERIC);
    expect(toPublicError('a string')).toEqual(GENERIC);
    expect(toPublicError(null)).toEqual(GENERIC);
  });

  it('treats a failing output schema as our bug, not the caller input', () => {
    const outputFailure = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Output validation failed',
      cause: z.string().safeParse(1).error,
    });
    expect(toPublicError(outputFailure)).toEqual(GENERIC);
  });

  it('says SERVICE_UNAVAILABLE when the database is unreachable', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      new Error('Connection terminated unexpectedly'),
    ]) {
      expect(toPublicError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error })).code).toBe(
        'SERVICE_UNAVAILABLE',
      );
    }
  });

  it('answers text PostgreSQL cannot store (a NUL character) as BAD_REQUEST', () => {
    const error = withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021');
    const mapped = toPublicError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }));
    expect(mapped.code).toBe('BAD_REQUEST');
    expect(mapped.message).not.toContain('UTF8');
  });

  it("maps tRPC's own client errors to their codes, malformed calls to BAD_REQUEST", () => {
    expect(toPublicError(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No procedure',
    });
    expect(toPublicError(new TRPCError({ code: 'PARSE_ERROR', message: 'Bad JSON' })).code).toBe(
      'BAD_REQUEST',
    );
    expect(toPublicError(new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Use GET' })).code).toBe(
      'BAD_REQUEST',
    );
    expect(toPublicError(new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'Too big' })).code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });
});
