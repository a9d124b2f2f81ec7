/**
 * Domain errors thrown by services (which never import tRPC), and the one place that maps any
 * error to a code, an HTTP status and a safe message. Unknown errors become a 500 with a generic
 * message: no stack trace or SQL ever reaches a caller.
 */
import { ZodError } from 'zod';
import { toErrorIssues, type ErrorCode, type ErrorIssue } from '@shop/schema';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra machine-readable facts for the caller (e.g. current prices). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(
    message: string,
    readonly issues: ErrorIssue[] = [],
  ) {
    super('BAD_REQUEST', message);
  }
}
export class UnauthorizedError extends DomainError {
  constructor() {
    super('UNAUTHORIZED', 'Unauthorized');
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this') {
    super('FORBIDDEN', message);
  }
}
export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('NOT_FOUND', `${what} not found`);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('CONFLICT', message, details);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super('TOO_MANY_REQUESTS', message);
  }
}
/**
 * A write that must say what it was based on and did not (428): a stock level sent without
 * `version` or `expectedStock` (modules/catalogue/stock-write-rules.ts).
 */
export class PreconditionRequiredError extends DomainError {
  constructor(message: string) {
    super('PRECONDITION_REQUIRED', message);
  }
}
/** The service cannot answer right now (e.g. the session store is unreadable); the caller may retry. */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message = 'The service is temporarily unavailable. Please try again.',
    /** How long the caller should wait before retrying (the Retry-After header). */
    readonly retryAfterSeconds = 1,
  ) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export interface PublicError {
  code: ErrorCode;
  message: string;
  issues?: ErrorIssue[];
  details?: Record<string, unknown>;
}

/** PostgreSQL error codes that mean "the database is not reachable right now". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/** PostgreSQL refusing text the caller sent (a NUL character): bad input, not our failure. */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05']);
/** tRPC's protocol errors for a malformed call, which have no code of their own on our wire. */
const TRPC_BAD_CALL_CODES = new Set(['PARSE_ERROR', 'METHOD_NOT_SUPPORTED']);

function isUnstorableText(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && UNSTORABLE_TEXT_SQLSTATES.has(code);
}

const RELEASED_RUNNER_ERRORS = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)))
    return true;
  // TypeORM releases a transaction's connection when the server drops it mid-transaction; the
  // transaction's next query (or its ROLLBACK) then fails with one of these.
  if (RELEASED_RUNNER_ERRORS.has(error.name)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Connection is not established|is not queryable/i.test(
    error.message,
  );
}

/** Describes a zod failure in one line naming the fields: 'Invalid input: items.0.quantity: Too small…'. */
export function describeIssues(issues: ErrorIssue[]): string {
  const first = issues
    .slice(0, 3)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ');
  return `Invalid input: ${first}`;
}

/**
 * Walks an error and its causes (tRPC wraps what a procedure throws) and returns what the caller
 * may see. `unknown` errors are `INTERNAL_SERVER_ERROR` with a generic message.
 */
export function toPublicError(error: unknown): PublicError {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    // tRPC reports a procedure's *output* failing its schema as an internal error with a ZodError
    // cause: a bug of ours, not the caller's input.
    if ((current as { message?: unknown }).message === 'Output validation failed') break;
    if (current instanceof ZodError) {
      const issues = toErrorIssues(current.issues);
      return { code: 'BAD_REQUEST', message: describeIssues(issues), issues };
    }
    if (current instanceof BadRequestError) {
      return { code: 'BAD_REQUEST', message: current.message, issues: current.issues };
    }
    if (current instanceof DomainError) {
      return {
        code: current.code,
        message: current.message,
        ...(current.details && { details: current.details }),
      };
    }
    if (isDatabaseUnavailable(current)) {
      return {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again.',
      };
    }
    if (isUnstorableText(current)) {
      return {
        code: 'BAD_REQUEST',
        message: 'Invalid input: text must not contain NUL or invalid characters',
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  const trpcCode = (error as { code?: unknown } | null)?.code;
  if (typeof trpcCode === 'string' && TRPC_BAD_CALL_CODES.has(trpcCode)) {
    return { code: 'BAD_REQUEST', message: (error as Error).message };
  }
  if (typeof trpcCode === 'string' && trpcCode in HTTP_STATUS && trpcCode !== 'INTERNAL_SERVER_ERROR') {
    return { code: trpcCode as ErrorCode, message: (error as Error).message };
  }
  return { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' };
}
