/**
 * Answers that depend on who is asking carry `Cache-Control: no-store`, so no browser cache, proxy
 * or CDN keeps one shopper's orders, addresses or profile (or a staff view of the catalogue) and
 * hands it to the next person on the machine or behind the proxy. That is every answer in the api
 * scope except the public reads — the catalogue as an anonymous visitor sees it — which vary by
 * the credentials they were asked with and may be cached.
 *
 * A route that set its own Cache-Control (the sign-in redirects, the CSV export) keeps it when it is
 * public or already says no-store; a private answer's weaker rule (an event stream's `no-cache`)
 * gets no-store added.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface PublicReads {
  /** REST route patterns (`/api/products/:id`) whose GET answers the same to every anonymous caller. */
  restUrls: readonly string[];
  /** tRPC procedures likewise (`products.page`); a batch is public when all of its calls are. */
  procedures: readonly string[];
  /** The app's pages (http/spa.ts): a visitor's page is the same for everyone; a signed-in one is not. */
  pages?: readonly string[];
}

/** The procedures a /trpc URL calls ('/trpc/a.b,c.d?batch=1' → ['a.b', 'c.d']), or null for any other URL. */
export function trpcProcedures(url: string): string[] | null {
  const path = url.split('?', 1)[0]!;
  if (!path.startsWith('/trpc/')) return null;
  try {
    return decodeURIComponent(path.slice('/trpc/'.length)).split(',');
  } catch {
    return []; // a malformed escape: tRPC refuses the call itself
  }
}

function isAnonymous(req: FastifyRequest): boolean {
  return !req.apiTokenId && !req.session?.userId;
}

export function installPrivateAnswers(app: FastifyInstance, publicReads: PublicReads): void {
  const restUrls = new Set([...publicReads.restUrls, ...(publicReads.pages ?? [])]);
  const procedures = new Set(publicReads.procedures);
  const isPublicRead = (req: FastifyRequest): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const called = trpcProcedures(req.url);
    if (called) return called.length > 0 && called.every((name) => procedures.has(name));
    return restUrls.has(req.routeOptions.url ?? '');
  };

  app.addHook('onSend', async (req, reply, payload) => {
    // tRPC answers with a fetch Response, whose own headers replace the reply's when it is sent.
    const headers = payload instanceof Response ? payload.headers : null;
    const own = headers?.get('cache-control') ?? reply.getHeader('cache-control');
    if (isAnonymous(req) && isPublicRead(req)) {
      if (own) return;
      const vary = [headers?.get('vary') ?? reply.getHeader('vary'), 'Cookie, Authorization'].filter(Boolean);
      if (headers) headers.set('vary', vary.join(', '));
      else reply.header('vary', vary.join(', '));
      return;
    }
    if (/no-store/i.test(String(own ?? ''))) return;
    // A private answer with a weaker rule of its own (an event stream's 'no-cache') gets no-store added.
    const value = own ? `no-store, ${String(own)}` : 'no-store';
    if (headers) headers.set('cache-control', value);
    else reply.header('cache-control', value);
  });
}
