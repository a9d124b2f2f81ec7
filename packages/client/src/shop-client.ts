/**
 * The typed way in for scripts: a tRPC client of the shop's own `AppRouter`, authenticated with an
 * API token (created by an admin under Admin → API Tokens). Every procedure the web app uses is
 * there, with its input and output types, and answers with the permissions of the token's user.
 */
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@shop/api';

export interface ShopClientOptions {
  /** The shop's address, e.g. `http://localhost:3000`. */
  url: string;
  /** An API token (`shop_…`). */
  token: string;
}

export function createShopClient({ url, token }: ShopClientOptions) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl(url)}/trpc`,
        headers: () => ({ authorization: `Bearer ${token}` }),
      }),
    ],
  });
}

export type ShopClient = ReturnType<typeof createShopClient>;

export function baseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The HTTP status and the field-level issues of a failed call (`{ path, message }`, as the REST api). */
export function describeShopError(error: unknown): {
  status: number | null;
  message: string;
  issues: { path: string; message: string }[];
} {
  if (error instanceof TRPCClientError) {
    const data = error.data as
      { httpStatus?: number; issues?: { path: string; message: string }[] } | undefined;
    if (data?.httpStatus)
      return { status: data.httpStatus, message: error.message, issues: data.issues ?? [] };
    // Refused before tRPC ran (a bad token, a rate limit): the api's plain error format.
    const meta = error.meta as { response?: Response; responseJSON?: { message?: string } } | undefined;
    return {
      status: meta?.response?.status ?? null,
      message: meta?.responseJSON?.message ?? error.message,
      issues: [],
    };
  }
  if (error instanceof ShopRequestError)
    return { status: error.status, message: error.message, issues: error.issues };
  return { status: null, message: error instanceof Error ? error.message : String(error), issues: [] };
}

/** A failed REST call (the CSV routes), in the api's error format. */
export class ShopRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ShopRequestError';
  }
}
