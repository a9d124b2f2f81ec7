/**
 * How the admin screens report a failed call (docs/product.md §8): a lapsed session gives 'Unauthorized' /
 * 'You are logged out. Logging in again...' and the sign-in after 500 ms; anything else the
 * screen's own toast, with the server's message or 'Please try again'.
 */
import { useCallback, useEffect, useRef } from 'react';
import { TRPCClientError } from '@trpc/client';
import type { ErrorIssue } from '@shop/schema';
import { errorMessage, isUnauthorized } from './errors';
import { toast } from './toast';
import { loginUrl } from '../paths';

export const UNAUTHORIZED_REDIRECT_MS = 500;

export const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  variant: 'destructive',
} as const;

let redirecting = false;

/** Shows the Unauthorized toast and goes to the sign-in after 500 ms (once, however many calls fail). */
export function redirectToSignIn(): void {
  if (redirecting) return;
  redirecting = true;
  toast(UNAUTHORIZED_TOAST);
  const back = `${window.location.pathname}${window.location.search}`;
  window.setTimeout(() => {
    redirecting = false;
    window.location.assign(loginUrl(back));
  }, UNAUTHORIZED_REDIRECT_MS);
}

export interface FailureToast {
  title: string;
  /** The description; default: the server's message, or 'Please try again'. */
  description?: string;
}

/** Returns `report(error, toast)`: the Unauthorized flow for a 401, else the given toast. */
export function useReportError() {
  return useCallback((error: unknown, failure: FailureToast) => {
    if (isUnauthorized(error)) {
      redirectToSignIn();
      return;
    }
    toast({
      title: failure.title,
      description: failure.description ?? errorMessage(error),
      variant: 'destructive',
    });
  }, []);
}

/** For reads: when `error` is a 401, the Unauthorized flow (once per error). */
export function useUnauthorizedRedirect(error: unknown): void {
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (error && error !== seen.current && isUnauthorized(error)) {
      seen.current = error;
      redirectToSignIn();
    }
  }, [error]);
}

/** The field problems a BAD_REQUEST answer carried (`issues`), if any. */
export function serverIssues(error: unknown): ErrorIssue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const issues = (error.data as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as ErrorIssue[]) : [];
}
