/**
 * Builds the whole HTTP server: security headers, the cross-site write rules, sessions, sign-in
 * (with the development identity provider when no external one is configured), health, the REST
 * adapter, tRPC and the SPA. Everything it needs is passed in, so tests build it against their
 * own database.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { DataSource } from 'typeorm';
import { usesDevProvider, type Env } from './env';
import { appRouter, type AppRouter } from './trpc/router';
import { createRequestContext } from './trpc/create-context';
import { createLiveEventBus } from './modules/live-events/live-event-bus';
import { installErrorHandlers } from './http/error-handler';
import { spaPlugin } from './http/spa';
import { restPlugin } from './rest/rest.plugin';
import { productCsvRoutes } from './modules/products/product-csv.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { healthRoutes } from './modules/health/health.routes';
import { toPublicError } from './errors';
import { installRequestGuard } from './http/request-guard';
import { installRateLimits } from './http/rate-limits';
import { installOrderPlacementLimit } from './modules/orders/orders.rate-limit';
import { installSessions } from './modules/auth/sessions';
import { requestUserResolver } from './modules/auth/request-user';
import { installBearerAuth } from './modules/api-tokens/bearer-auth';
import { authRoutes } from './modules/auth/auth.routes';
import { externalOidcClient, type OidcClient } from './modules/auth/oidc-client';
import { DevIdentityProvider } from './modules/auth/dev-provider/dev-provider';

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
}

/** Largest accepted request body. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Most procedures one batched tRPC request may carry. */
export const MAX_BATCH_SIZE = 20;

export async function buildApp({
  env,
  dataSource,
  databaseKind = 'postgres',
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 5000 },
    return503OnClosing: true,
  });
  const resolveUser = requestUserResolver;

  // Every route as registered, for the test that holds the OpenAPI document to the app.
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);

  installErrorHandlers(app);

  // Graceful shutdown: once close() has begun, every answer closes its connection, so the
  // keep-alive socket of a request that was in flight does not hold close() open until it times out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Plain-http localhost must keep working: no forced upgrade.
        upgradeInsecureRequests: null,
        // Profile pictures may come from the identity provider.
        imgSrc: ["'self'", 'data:', 'https:'],
      },
    },
  });

  // Before sessions and routes: a rejected cross-site write costs no database work.
  installRequestGuard(app, { env });
  installBearerAuth(app, { dataSource });
  await installSessions(app, { env, dataSource });
  const rateLimits = await installRateLimits(app, env);
  installOrderPlacementLimit(app, rateLimits.placeOrder);

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

  await app.register(healthRoutes, { dataSource });
  await app.register(authRoutes, { env, dataSource, oidc, rateLimits });
  await app.register(restPlugin, { dataSource, resolveUser });
  await app.register(productCsvRoutes, { dataSource, resolveUser });
  await app.register(openApiRoutes);

  // Live events, published once their transaction commits: LISTEN/NOTIFY on PostgreSQL, in-process
  // on the embedded database. Closing the bus ends the open streams first, so a graceful shutdown
  // is not held up by open pages.
  const liveEvents = createLiveEventBus({ databaseKind, dataSource, log: app.log });
  await liveEvents.start(dataSource);
  app.addHook('preClose', () => liveEvents.close());

  // The tRPC plugin replaces the JSON body parser inside its own scope (STACK.md gotcha 7).
  await app.register(async (scope) => {
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) =>
          createRequestContext(req, res, { dataSource, resolveUser, liveEvents }),
        maxBatchSize: MAX_BATCH_SIZE,
        onError({ error, path }) {
          if (toPublicError(error).code === 'INTERNAL_SERVER_ERROR') {
            app.log.error({ err: error, path }, 'procedure failed');
          }
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  await app.register(spaPlugin, { root: env.WEB_DIST });
  return app;
}
