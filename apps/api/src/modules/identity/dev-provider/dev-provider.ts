/**
 * The development identity provider (docs/architecture.md §2): a real OpenID Connect provider (oidc-provider)
 * mounted in-process at /oidc and used through the same OIDC client code as an external one.
 *
 * Origin. An issuer is a fixed URL, but the shop may be reached at localhost, 127.0.0.1 or a test
 * server on port 0, and the browser's cookies are bound to the host it uses. So the issuer follows
 * the shop's origin: `${PUBLIC_URL}/oidc` when PUBLIC_URL is set, otherwise one provider per origin
 * the visitors use (scheme + Host, at most MAX_ORIGINS of them), created on first use. Each one
 * registers the client with redirect_uri `${origin}/api/callback`.
 *
 * Mounting (docs/stack.md gotcha 6). The provider's endpoints get the raw request in a route-level
 * onRequest hook, before Fastify parses a body; the request's Host and X-Forwarded-Proto are first
 * set to the origin the provider serves, so the URLs it builds are the ones the browser uses.
 * Our own sign-in page (the "interaction") is ordinary Fastify routes.
 *
 * Back channel. The shop's OIDC client reaches the provider (discovery, token, userinfo) through
 * `app.inject`, never over the network: it works whatever PUBLIC_URL points at (a proxy, a domain
 * that does not resolve inside a container) and before/after the server listens.
 *
 * State. Provider sessions, interactions and codes live in memory (memory-adapter.ts): a restart
 * signs nobody out of the shop (shop sessions are in PostgreSQL), it only ends sign-ins in
 * progress. With several api instances behind a load balancer use an external provider.
 */
import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration as ProviderConfiguration, JWK, KoaContextWithOIDC } from 'oidc-provider';
import * as client from 'openid-client';
import { z } from 'zod';
import { demoAccounts } from '@shop/db';
import type { Env } from '../../../env';
import { shopOrigin } from '../../../http/origin';
import type { OidcClient, OidcClientForOrigin } from '../oidc-client';
import { deriveSecret } from '../sessions';
import {
  errorPage,
  expiredPage,
  loggedOutPage,
  logoutPage,
  LOGOUT_AUTO_SUBMIT_SCRIPT,
  signInPage,
  type DemoAccountChoice,
} from './pages';
import { MemoryStore, memoryAdapter } from './memory-adapter';

export const DEV_PROVIDER_PATH = '/oidc';
/**
 * The issuer accounts signed in here are linked to (users.auth_issuer). The provider's own issuer
 * URL follows the origin the shop is reached at; the accounts are the same at every origin.
 */
export const DEV_IDENTITY_ISSUER = 'urn:freshcart:development-provider';
const CLIENT_ID = 'shop';
const SCOPE = 'openid email profile';
const ID_TOKEN_ALG = 'ES256';
/** How many distinct origins may get a provider when PUBLIC_URL is unset. */
const MAX_ORIGINS = 16;

const EmailInput = z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) });

/** One signing key per process; the provider is for development, its tokens never outlive it. */
let signingKey: Promise<JWK> | undefined;
function devSigningKey(): Promise<JWK> {
  signingKey ??= promisify(generateKeyPair)('ec', { namedCurve: 'P-256' }).then(({ privateKey }) => ({
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    alg: ID_TOKEN_ALG,
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  }));
  return signingKey;
}

/** The claims of an email "account": the subject is the lowercased email, names from the demo accounts. */
export function devAccountClaims(sub: string) {
  const demo = demoAccounts.find((account) => account.email === sub);
  return {
    sub,
    email: sub,
    email_verified: true,
    ...(demo && {
      given_name: demo.firstName,
      family_name: demo.lastName,
      name: `${demo.firstName} ${demo.lastName}`,
    }),
  };
}

type RawRequest = IncomingMessage & { originalUrl?: string };

/** The CSP of every /oidc response: inline styles, no foreign anything; forms may post back to the shop. */
function providerCsp(origin: string): string {
  return [
    `default-src 'none'`,
    `style-src 'unsafe-inline'`,
    `img-src 'self' data:`,
    `script-src 'self'`,
    `form-action 'self' ${origin}`,
    `frame-ancestors 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

/** Adds an inline script's hash to the response's CSP (what oidc-provider does for its own scripts). */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  ctx.set('content-security-policy', csp.replace(/script-src ([^;]*)/, `script-src $1 ${hash}`));
}

export class DevIdentityProvider implements OidcClient {
  readonly kind = 'development' as const;
  /** Always show the sign-in page, even with a provider session: switching accounts is the point. */
  readonly authorizationParams = { prompt: 'login' };
  private readonly providers = new Map<string, Promise<Provider>>();
  private readonly clients = new Map<string, Promise<client.Configuration>>();
  private readonly handlers = new WeakMap<
    Provider,
    (req: IncomingMessage, res: ServerResponse) => Promise<void>
  >();
  private readonly clientSecret = randomBytes(32).toString('base64url');
  private readonly store = new MemoryStore();
  /** The origin each /oidc request was resolved to, before its Host header was rewritten. */
  private readonly requestOrigins = new WeakMap<IncomingMessage, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly env: Env,
  ) {}

  /** The OIDC client configuration for the shop reached at `origin`. */
  async forOrigin(origin: string): Promise<OidcClientForOrigin> {
    let config = this.clients.get(origin);
    if (!config) {
      config = this.discover(origin);
      this.clients.set(origin, config);
      config.catch(() => this.clients.delete(origin));
    }
    return {
      config: await config,
      redirectUri: `${origin}/api/callback`,
      postLogoutRedirectUri: `${origin}/`,
    };
  }

  identityIssuer(): string {
    return DEV_IDENTITY_ISSUER;
  }

  /** Registers /oidc/* (the provider) and /oidc/interaction/:uid (our sign-in page). */
  async install(): Promise<void> {
    await this.app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      // Every /oidc response: our CSP (replacing the shop's), no caching, and the raw request
      // rewritten to the origin this provider serves.
      scope.addHook('onRequest', async (req, reply) => {
        const origin = shopOrigin(this.env, req);
        if (!origin)
          return reply.code(400).send({ message: 'Missing or invalid Host header', code: 'BAD_REQUEST' });
        this.requestOrigins.set(req.raw, origin);
        reply.raw.setHeader('content-security-policy', providerCsp(origin));
        reply.header('content-security-policy', providerCsp(origin));
        const url = new URL(origin);
        req.raw.headers.host = url.host;
        req.raw.headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
        delete req.raw.headers['x-forwarded-host'];
      });

      scope.route({
        method: ['GET', 'POST', 'OPTIONS'],
        url: `${DEV_PROVIDER_PATH}/*`,
        onRequest: async (req, reply) => {
          const provider = await this.providerFor(this.originOf(req));
          const raw = req.raw as RawRequest;
          raw.originalUrl = raw.url;
          raw.url = raw.url!.slice(DEV_PROVIDER_PATH.length) || '/';
          reply.hijack();
          try {
            await this.handlerFor(provider)(raw, reply.raw);
          } catch (error) {
            req.log.error({ err: error }, 'development identity provider failed');
            if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain' });
            reply.raw.end();
          }
        },
        handler: async () => undefined, // never reached: the hook hands every request over
      });

      scope.get<{ Params: { uid: string } }>(`${DEV_PROVIDER_PATH}/interaction/:uid`, async (req, reply) => {
        const provider = await this.providerFor(this.originOf(req));
        const details = await this.interaction(provider, req, reply);
        if (!details) return this.sendExpired(req, reply);
        if (details.prompt.name !== 'login') {
          // Never reached while loadExistingGrant grants automatically; kept so no consent screen
          // can ever appear.
          const grant = new provider.Grant({
            accountId: details.session!.accountId,
            clientId: String(details.params.client_id),
          });
          grant.addOIDCScope(SCOPE);
          const grantId = await grant.save();
          const to = await provider.interactionResult(
            req.raw,
            reply.raw,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
          return reply.redirect(to, 303);
        }
        return this.sendSignInPage(reply, details.uid);
      });

      scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
        `${DEV_PROVIDER_PATH}/interaction/:uid`,
        async (req, reply) => {
          const provider = await this.providerFor(this.originOf(req));
          const details = await this.interaction(provider, req, reply);
          if (!details) return this.sendExpired(req, reply);
          const input = EmailInput.safeParse(req.body ?? {});
          if (!input.success) {
            return this.sendSignInPage(reply.code(400), details.uid, {
              email: typeof req.body?.email === 'string' ? req.body.email : '',
              error: 'Enter an email address, like someone@example.com.',
            });
          }
          const to = await provider.interactionResult(
            req.raw,
            reply.raw,
            { login: { accountId: input.data.email } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(to, 303);
        },
      );

      scope.post<{ Params: { uid: string } }>(
        `${DEV_PROVIDER_PATH}/interaction/:uid/abort`,
        async (req, reply) => {
          const provider = await this.providerFor(this.originOf(req));
          const details = await this.interaction(provider, req, reply);
          if (!details) return this.sendExpired(req, reply);
          const to = await provider.interactionResult(
            req.raw,
            reply.raw,
            { error: 'access_denied', error_description: 'Sign-in was cancelled' },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(to, 303);
        },
      );
    });
  }

  private originOf(req: FastifyRequest): string {
    // Set by the scope's onRequest hook, which answers 400 when there is no usable origin.
    return this.requestOrigins.get(req.raw)!;
  }

  /** The pending interaction of this browser, when its cookie and the URL agree. */
  private async interaction(
    provider: Provider,
    req: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) {
    try {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      return details.uid === req.params.uid ? details : null;
    } catch {
      return null;
    }
  }

  private sendSignInPage(reply: FastifyReply, uid: string, extra: { email?: string; error?: string } = {}) {
    const action = `${DEV_PROVIDER_PATH}/interaction/${encodeURIComponent(uid)}`;
    const accounts: DemoAccountChoice[] = demoAccounts.map((account) => ({ ...account }));
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        signInPage({
          action,
          abortAction: `${action}/abort`,
          accounts,
          inProduction: this.env.NODE_ENV === 'production',
          ...extra,
        }),
      );
  }

  private sendExpired(_req: FastifyRequest, reply: FastifyReply) {
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(expiredPage('/api/login'));
  }

  private handlerFor(provider: Provider) {
    let handler = this.handlers.get(provider);
    if (!handler) {
      handler = provider.callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
      this.handlers.set(provider, handler);
    }
    return handler;
  }

  private providerFor(origin: string): Promise<Provider> {
    let provider = this.providers.get(origin);
    if (!provider) {
      if (this.providers.size >= MAX_ORIGINS) {
        return Promise.reject(
          new Error(`The development sign-in serves at most ${MAX_ORIGINS} origins; set PUBLIC_URL`),
        );
      }
      provider = this.createProvider(origin);
      this.providers.set(origin, provider);
      provider.catch(() => this.providers.delete(origin));
    }
    return provider;
  }

  private async createProvider(origin: string): Promise<Provider> {
    const [{ default: ProviderClass }, key] = await Promise.all([import('oidc-provider'), devSigningKey()]);
    const log = this.app.log;

    const configuration: ProviderConfiguration = {
      adapter: memoryAdapter(this.store),
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: this.clientSecret,
          client_name: 'Shop',
          redirect_uris: [`${origin}/api/callback`],
          post_logout_redirect_uris: [`${origin}/`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: ID_TOKEN_ALG,
        },
      ],
      jwks: { keys: [key] },
      cookies: { keys: [deriveSecret(this.env, 'development-provider-cookies')] },
      scopes: ['openid', 'email', 'profile'],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'name'],
      },
      pkce: { required: () => true },
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          async logoutSource(ctx, form) {
            allowInlineScript(ctx, LOGOUT_AUTO_SUBMIT_SCRIPT);
            ctx.type = 'html';
            ctx.body = logoutPage(form);
          },
          async postLogoutSuccessSource(ctx) {
            ctx.type = 'html';
            ctx.body = loggedOutPage(`${origin}/`);
          },
        },
      },
      interactions: {
        url: (_ctx, interaction) => `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}`,
      },
      // Any email is an account; nothing is stored here (the shop keeps its own users).
      findAccount: (_ctx, sub) => {
        if (!z.email().safeParse(sub).success) return undefined;
        return { accountId: sub, claims: () => devAccountClaims(sub) };
      },
      // First-party client: grant automatically, so there is never a consent screen.
      async loadExistingGrant(ctx) {
        const accountId = ctx.oidc.account!.accountId;
        const clientId = ctx.oidc.client!.clientId;
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(clientId);
        const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
        if (existing && existing.accountId === accountId) return existing;
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
        grant.addOIDCScope(SCOPE);
        await grant.save();
        return grant;
      },
      async renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = errorPage({ ...out }, '/api/login');
      },
      ttl: {
        AccessToken: 5 * 60,
        AuthorizationCode: 60,
        IdToken: 5 * 60,
        Interaction: 10 * 60,
        Session: 8 * 60 * 60,
        Grant: 8 * 60 * 60,
      },
    };

    const provider = new ProviderClass(`${origin}${DEV_PROVIDER_PATH}`, configuration);
    // The hook above sets Host and X-Forwarded-Proto to this provider's origin on every request.
    provider.proxy = true;
    provider.on('server_error', (_ctx, error) =>
      log.error({ err: error }, 'development identity provider error'),
    );
    provider.on('grant.error', (_ctx, error) =>
      log.info({ err: error }, 'development provider refused a token request'),
    );
    provider.on('authorization.error', (_ctx, error) =>
      log.info({ err: error }, 'development provider refused an authorization request'),
    );
    return provider;
  }

  private discover(origin: string): Promise<client.Configuration> {
    const injectFetch = this.injectFetch;
    return client.discovery(
      new URL(`${origin}${DEV_PROVIDER_PATH}`),
      CLIENT_ID,
      { id_token_signed_response_alg: ID_TOKEN_ALG },
      client.ClientSecretBasic(this.clientSecret),
      {
        [client.customFetch]: injectFetch,
        execute: origin.startsWith('http:') ? [client.allowInsecureRequests] : [],
      },
    );
  }

  /** fetch() for the back channel: answered by this app in-process. */
  private readonly injectFetch: client.CustomFetch = async (url, options) => {
    const target = new URL(url);
    const { body } = options;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : body instanceof ArrayBuffer || ArrayBuffer.isView(body)
              ? Buffer.from(body as ArrayBuffer)
              : undefined;
    const response = await this.app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host, 'x-forwarded-proto': target.protocol.slice(0, -1) },
      ...(payload !== undefined && { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(noBody ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}
