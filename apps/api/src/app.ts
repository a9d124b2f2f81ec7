/**
 * Builds the whole HTTP server: security headers, the cross-site write rules, sessions, sign-in
 * (with the development identity provider when no external one is configured), health, the REST
 * adapter, tRPC and the SPA. Everything it needs is passed in, so tests build it against their
 * own database.
 */
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { shopOrigin } from './http/origin';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { DataSource } from 'typeorm';
import { SITE_ROUTES, setPictureHosts } from '@shop/schema';
import { usesDevProvider, type Env } from './env';
import { loggerOptions, type LogDestination } from './logger';
import { appRouter, type AppRouter } from './app-router';
import { createRequestContext, type RequestDependencies } from './request-context';
import { createLiveEventBus } from './modules/live-events/live-event-bus';
import { LiveStreams } from './modules/live-events/live-stream-guard';
import { currentAccess } from './modules/identity/stream-access';
import { installErrorHandlers } from './http/error-handler';
import { createSitePages, sitePageRoutes, spaPlugin } from './http/spa';
import { cataloguePagePaths, sitePageHead } from './modules/catalogue/product-pages';
import { readSettings } from './modules/settings/settings.service';
import { createMailer, startOrderMail } from './modules/mail/order-mail-queue';
import { startJobQueue } from './modules/jobs/job-queue';
import { startLotExpiry } from './modules/inventory/lot-expiry-job';
import { crawlerFiles } from './http/crawlers';
import { restPlugin } from './rest/rest.plugin';
import { restRoutes } from './rest/routes';
import { productCsvRoutes } from './modules/catalogue/product-csv.routes';
import { reorderCsvRoutes } from './modules/inventory/reorder-csv.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { healthRoutes } from './modules/health/health.routes';
import { toPublicError } from './errors';
import { installRequestGuard } from './http/request-guard';
import { installHostGuard } from './http/host-guard';
import { installSecurityHeaders } from './http/security-headers';
import { installRateLimits } from './http/rate-limits';
import { installSessions } from './modules/identity/sessions';
import { installPrivateAnswers, type PublicReads } from './http/private-answers';
import { installCatalogueCache } from './modules/catalogue/catalogue-cache.http';
import { createUserResolver, type UserRow } from './modules/identity/request-user';
import { AuthCache } from './modules/identity/auth-cache';
import { installBearerAuth } from './modules/identity/bearer-auth';
import { authRoutes } from './modules/identity/auth.routes';
import { toCurrentUserDto } from './modules/identity/current-user';
import { externalOidcClient, type OidcClient } from './modules/identity/oidc-client';
import { DevIdentityProvider } from './modules/identity/dev-provider/dev-provider';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export interface AppDependencies {
  env: Env;
  dataSource: DataSource;
  /** 'embedded' (PGlite, one connection at a time): live events travel in-process, not by LISTEN/NOTIFY. */
  databaseKind?: 'postgres' | 'embedded';
  /** Where the log goes instead of standard output (tests that read the log). */
  logDestination?: LogDestination;
}

/** The catalogue as every anonymous visitor sees it: the only answers that may be cached (http/private-answers.ts). */
const PUBLIC_PROCEDURES = [
  'products.list',
  'products.page',
  'products.facets',
  'products.byId',
  'categories.list',
  'categories.storefront',
];
const PUBLIC_READS: PublicReads = {
  procedures: PUBLIC_PROCEDURES,
  restUrls: restRoutes
    .filter((route) => route.method === 'GET' && PUBLIC_PROCEDURES.includes(route.procedure))
    .map((route) => route.url),
  pages: SITE_ROUTES.map((route) => route.path),
};

/**
 * TRUST_PROXY (env.ts) as Fastify takes it. A hop count becomes "believe the last n hops": Fastify
 * itself now refuses plain hop counts, because a client that reaches the api directly could then
 * write its own X-Forwarded-For; docs/deploy.md says to use it only when the proxy is the api's
 * only way in, and to prefer the proxies' addresses.
 */
function trustProxyOption(value: Env['TRUST_PROXY']): FastifyServerOptions['trustProxy'] & boolean {
  // (The cast: a union here trips Fastify's server-type overloads; each form is one it accepts.)
  const option = typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
  return option as FastifyServerOptions['trustProxy'] & boolean;
}

/** Largest accepted request body. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Most procedures one batched tRPC request may carry. */
export const MAX_BATCH_SIZE = 20;

export async function buildApp({
  env,
  dataSource,
  databaseKind = 'postgres',
  logDestination,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(env, logDestination),
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 5000 },
    return503OnClosing: true,
  });

  // Every route as registered, for the test that holds the OpenAPI document to the app.
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);

  installErrorHandlers(app);
  // Every input that takes a picture address checks it against these hosts (packages/schema picture-rule.ts).
  setPictureHosts(env.IMAGE_HOSTS);

  // Graceful shutdown: once close() has begun, every answer closes its connection, so the
  // keep-alive socket of a request that was in flight does not hold close() open until it times out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // helmet's headers, made once at start (http/security-headers.ts).
  await installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // Plain-http localhost must keep working: no forced upgrade.
        upgradeInsecureRequests: null,
        // Pictures: the shop's own and the configured image hosts', nothing else (docs/architecture.md
        // §4 "Pictures"); data: for the admin's inline placeholder.
        imgSrc: ["'self'", 'data:', ...env.IMAGE_HOSTS.map((host) => `https://${host}`)],
      },
    },
  });

  // Without PUBLIC_URL, only this machine's names (DNS rebinding): before everything else.
  installHostGuard(app, { env });
  // Before sessions and routes: a rejected cross-site write costs no database work.
  installRequestGuard(app, { env });

  let oidc: OidcClient;
  if (usesDevProvider(env)) {
    if (env.NODE_ENV === 'production') {
      app.log.warn(
        '*** DEVELOPMENT SIGN-IN IS ON IN PRODUCTION (AUTH_DEV_PROVIDER=true): anyone can sign in as ' +
          'anyone, admin@example.com included. Set OIDC_ISSUER_URL for a real shop. ***',
      );
    }
    const devProvider = new DevIdentityProvider(app, env);
    await devProvider.install();
    oidc = devProvider;
  } else {
    oidc = externalOidcClient(env, app.log);
  }

  // Health answers without asking who is calling: no session read, so it says what the database
  // says and nothing else.
  await app.register(healthRoutes, { dataSource });
  await app.register(crawlerFiles, { env, cataloguePagePaths: () => cataloguePagePaths(dataSource.manager) });

  // Live events, published once their transaction commits: LISTEN/NOTIFY on PostgreSQL, in-process
  // on the embedded database. Closing the bus ends the open streams first, so a graceful shutdown
  // is not held up by open pages.
  const liveEvents = createLiveEventBus({ databaseKind, dataSource, log: app.log });
  await liveEvents.start(dataSource);
  app.addHook('preClose', () => liveEvents.close());
  // Who is calling, cached per instance and forgotten on every instance when access changes.
  const authCache = new AuthCache<UserRow>(env.AUTH_CACHE_MS);
  authCache.listenTo(liveEvents);
  const resolveUser = createUserResolver(authCache);
  const pages = createSitePages({
    root: env.WEB_DIST,
    env,
    pageHead: (routePath, pathname) => sitePageHead(dataSource.manager, routePath, pathname),
    shopName: async () => (await readSettings(dataSource.manager)).shopName,
  });

  // Background work on the job queue (modules/jobs): order emails, queued on the order events
  // above and sent by a worker (modules/mail), and the expiry of best-before lots (modules/inventory).
  if (env.ORDER_EMAILS || env.LOT_EXPIRY_JOB) {
    const boss = await startJobQueue({ dataSource, log: app.log });
    app.addHook('preClose', () => boss.stop({ graceful: true, timeout: 5000 }));
    if (env.ORDER_EMAILS) {
      const orderMail = await startOrderMail({ boss, env, dataSource, liveEvents, log: app.log });
      app.addHook('preClose', async () => orderMail.stop());
    }
    if (env.LOT_EXPIRY_JOB) await startLotExpiry({ boss, dataSource, log: app.log });
  }

  // Everything that depends on who is calling lives in this scope: API tokens, sessions, limits and
  // the routes that use them. The SPA's files and the health checks stay outside, so they never
  // read a session: a picture or a script does not cost a database query, and cannot fail when the
  // session store does.
  await app.register(async (api) => {
    // First: an anonymous catalogue read it can answer costs no token, session or tRPC work.
    const catalogueCache = installCatalogueCache(api, { env, liveEvents, publicReads: PUBLIC_READS });
    installBearerAuth(api, { dataSource });
    await installSessions(api, { env, dataSource, authCache });
    installPrivateAnswers(api, PUBLIC_READS);
    const rateLimits = await installRateLimits(api, env);
    catalogueCache.useSearchLimit(rateLimits.anonymousSearch);
    const liveStreams = new LiveStreams(
      {
        perUser: env.LIVE_STREAMS_PER_USER,
        maxMs: env.LIVE_STREAM_MAX_SECONDS * 1000,
        recheckMs: env.LIVE_STREAM_RECHECK_SECONDS * 1000,
      },
      currentAccess,
    );
    const mailer = createMailer(env);
    const emailChangeMail = (req: FastifyRequest) => ({ mailer, origin: shopOrigin(env, req) ?? '' });
    const deps: RequestDependencies = {
      dataSource,
      resolveUser,
      liveEvents,
      liveStreams,
      rateLimits,
      emailChangeMail,
    };

    await api.register(authRoutes, { env, dataSource, oidc, rateLimits });
    await api.register(restPlugin, deps);
    await api.register(productCsvRoutes, deps);
    await api.register(reorderCsvRoutes, deps);
    await api.register(analyticsRoutes, deps);
    await api.register(openApiRoutes);
    // The app's pages, each carrying who is signed in (http/spa.ts).
    sitePageRoutes(api, {
      pages,
      sessionOf: async (req) => {
        if (!req.session?.userId || req.apiTokenGrant) return null;
        const user = await resolveUser(req, dataSource);
        return user && toCurrentUserDto(user);
      },
    });

    // The tRPC plugin replaces the JSON body parser inside its own scope (docs/stack.md gotcha 7).
    await api.register(async (scope) => {
      await scope.register(fastifyTRPCPlugin, {
        prefix: '/trpc',
        trpcOptions: {
          router: appRouter,
          createContext: ({ req, res }) => createRequestContext(req, res, deps),
          maxBatchSize: MAX_BATCH_SIZE,
          onError({ error, path }) {
            if (toPublicError(error).code === 'INTERNAL_SERVER_ERROR') {
              app.log.error({ err: error, path }, 'procedure failed');
            }
          },
        } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
      });
    });
  });

  await app.register(spaPlugin, { root: env.WEB_DIST, pages });
  return app;
}
