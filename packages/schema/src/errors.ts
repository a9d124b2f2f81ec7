/** The REST error body (docs/architecture.md §3), also what the web reads out of a failed tRPC call. */
import { z } from 'zod';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_CONTENT',
  'PRECONDITION_REQUIRED',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorIssue = z.object({ path: z.string(), message: z.string() });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

export const ErrorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  issues: z.array(ErrorIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Turns zod issues into the wire's `{ path, message }` list: `items.0.quantity`. */
export function toErrorIssues(issues: readonly z.core.$ZodIssue[]): ErrorIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
