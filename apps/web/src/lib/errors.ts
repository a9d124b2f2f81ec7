/**
 * What a failed call says. docs/product.md §7: an error's text is the status code, a colon and the response's
 * message ('401: Unauthorized'), so screens can tell a lapsed session from a refusal.
 */
import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  httpStatus?: number;
  code?: string;
  details?: Record<string, unknown>;
}

export function errorData(error: unknown): ErrorData {
  if (error instanceof TRPCClientError) return (error.data ?? {}) as ErrorData;
  return {};
}

export function httpStatusOf(error: unknown): number | undefined {
  return errorData(error).httpStatus;
}

export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status = httpStatusOf(error);
  return status ? `${status}: ${message}` : message;
}

/** The server's message alone, for a toast's description. */
export function errorMessage(error: unknown, fallback = 'Please try again'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export function isUnauthorized(error: unknown): boolean {
  const text = errorText(error);
  return text.startsWith('401: ') && text.includes('Unauthorized');
}
