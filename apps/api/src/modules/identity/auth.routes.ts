/**
 * The browser-navigation sign-in routes (docs/product.md §7): authorization code flow with PKCE, state and
 * nonce, against an external provider or the development one.
 *
 *   GET /api/login[?returnTo=/orders]  → the provider's sign-in page
 *   GET /api/callback                  → signed in, on returnTo (default '/');
 *                                        any failure → /login?error=sign_in_failed, not signed in
 *   GET /api/logout                    → (a top-level navigation only) session destroyed, then the
 *                                        provider's end_session (RP-initiated logout) when it has
 *                                        one, else '/'
 *   POST /api/logout                   → the same, from the shop's own origin only
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { DataSource } from 'typeorm';
import type { Env } from '../../env';
import { isShopOrigin, shopOrigin } from '../../http/origin';
import type { RateLimits } from '../../http/rate-limits';
import { saveLoginState, safeReturnTo, takeLoginState } from './login-state';
import type { OidcClient, OidcClientForOrigin } from './oidc-client';
import { describeProviderFailure } from './provider-failures';
import { clearSessionCookie } from './sessions';
import { signInUser, type VerifiedIdentity } from './users-at-sign-in.service';
import { recordSignInFailure, recordSignOut, requestInfoOf } from '../audit';

const SCOPE = 'openid email profile';
/** Where a failed sign-in lands: the web's login screen shows 'Login Failed'. */
export const SIGN_IN_FAILED_PATH = '/login?error=sign_in_failed';

export interface AuthRoutesOptions {
  env: Env;
  dataSource: DataSource;
  oidc: OidcClient;
  rateLimits: Pick<RateLimits, 'signIn'>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

function badHost(reply: FastifyReply) {
  return reply.code(400).send({ message: 'Missing or invalid Host header', code: 'BAD_REQUEST' });
}

export async function authRoutes(
  app: FastifyInstance,
  { env, dataSource, oidc, rateLimits }: AuthRoutesOptions,
) {
  app.get<{ Querystring: { returnTo?: unknown } }>(
    '/api/login',
    { config: { rateLimit: rateLimits.signIn } },
    async (req, reply) => {
      const origin = shopOrigin(env, req);
      if (!origin) return badHost(reply);
      let provider: OidcClientForOrigin;
      try {
        provider = await oidc.forOrigin(origin);
      } catch (error) {
        // The visitor gets the generic answer; the log says which setting to fix.
        const failure = describeProviderFailure(error, env.OIDC_ISSUER_URL);
        req.log.error(
          { err: error },
          `sign-in is unavailable: ${failure.level === 'error' ? failure.message : 'the identity provider failed'}`,
        );
        return noStore(reply).code(503).header('retry-after', '5').send({
          message: 'Sign-in is temporarily unavailable. Please try again.',
          code: 'SERVICE_UNAVAILABLE',
        });
      }
      const { config, redirectUri } = provider;

      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      saveLoginState(reply, { state, nonce, codeVerifier, returnTo: safeReturnTo(req.query.returnTo) });

      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...oidc.authorizationParams,
      });
      return noStore(reply).redirect(authorizationUrl.href, 302);
    },
  );

  app.get('/api/callback', { config: { rateLimit: rateLimits.signIn } }, async (req, reply) => {
    const pending = takeLoginState(req, reply);
    noStore(reply);
    if (!pending) {
      req.log.info('sign-in callback without a valid pending sign-in');
      await recordSignInFailure(dataSource, req, 'no_pending_sign_in');
      return reply.redirect(SIGN_IN_FAILED_PATH, 303);
    }
    const origin = shopOrigin(env, req);
    if (!origin) return badHost(reply);

    let identity: VerifiedIdentity;
    try {
      const { config, redirectUri } = await oidc.forOrigin(origin);
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = new URL(req.url, 'http://callback.invalid').search;
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      // Some providers (the development one included) put only `sub` in the ID token.
      const info: Record<string, unknown> = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
        : {};
      const claims: Record<string, unknown> = { ...idToken, ...info };
      identity = {
        issuer: oidc.identityIssuer(config),
        subject: idToken.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
        picture: text(claims.picture),
      };
    } catch (error) {
      const failure = describeProviderFailure(error, env.OIDC_ISSUER_URL);
      req.log[failure.level](
        { err: error },
        failure.level === 'error' ? `sign-in failed: ${failure.message}` : failure.message,
      );
      await recordSignInFailure(dataSource, req, 'provider_exchange');
      return reply.redirect(SIGN_IN_FAILED_PATH, 303);
    }

    const ctx = { db: dataSource.manager, user: null, log: req.log, requestInfo: requestInfoOf(req) };
    try {
      const user = await signInUser(ctx, identity, {
        adminEmails: env.ADMIN_EMAILS,
      });
      // A new session id at sign-in: whatever id the browser had before stops working.
      await req.session.regenerate();
      req.session.set('userId', user.id);
      req.log.info({ userId: user.id }, 'signed in');
    } catch (error) {
      req.log.warn({ err: error }, 'sign-in refused');
      await recordSignInFailure(dataSource, req, 'refused', error, identity.email);
      return reply.redirect(SIGN_IN_FAILED_PATH, 303);
    }
    return reply.redirect(pending.returnTo, 303);
  });

  /**
   * Sign-out changes state, so only a request the shopper meant may do it (docs/architecture.md §4
   * "Sessions"): a top-level navigation (the header's Logout link, the address typed in), or a POST
   * from the shop's own origin. A picture, a frame or a script pointed at /api/logout is refused
   * and the session stays. A client that sends no Fetch Metadata at all (a script, curl) is taken
   * at its word on GET; every current browser sends it with subresource requests.
   */
  const signOut = async (req: FastifyRequest, reply: FastifyReply) => {
    noStore(reply);
    if (req.session?.userId) await recordSignOut(dataSource, req, req.session.userId);
    if (req.session?.userId) await req.session.destroy();
    clearSessionCookie(reply, env);

    const origin = shopOrigin(env, req);
    if (!origin) return reply.redirect('/', 303);
    try {
      const { config, postLogoutRedirectUri } = await oidc.forOrigin(origin);
      if (config.serverMetadata().end_session_endpoint) {
        const endSession = client.buildEndSessionUrl(config, {
          post_logout_redirect_uri: postLogoutRedirectUri,
        });
        return reply.redirect(endSession.href, 303);
      }
    } catch (error) {
      req.log.warn({ err: error }, 'provider logout unavailable; signed out of the shop only');
    }
    return reply.redirect('/', 303);
  };

  app.get('/api/logout', async (req, reply) => {
    if (!isTopLevelNavigation(req)) return refuseSignOut(reply);
    return signOut(req, reply);
  });

  // The request guard (http/request-guard.ts) has already refused a foreign Origin.
  app.post('/api/logout', async (req, reply) => {
    if (!isSameOriginPost(env, req)) return refuseSignOut(reply);
    return signOut(req, reply);
  });
}

/** The refusal: nothing is changed, the session stays. */
export const SIGN_OUT_REFUSED = 'Sign out from the shop’s own pages';

function refuseSignOut(reply: FastifyReply) {
  return noStore(reply).code(403).send({ message: SIGN_OUT_REFUSED, code: 'FORBIDDEN' });
}

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value.toLowerCase() : undefined;
};

/**
 * A top-level navigation by the shopper: `Sec-Fetch-Dest: document` with `Sec-Fetch-Mode: navigate`,
 * not started by another site. Without Fetch Metadata (not a current browser) it counts as one.
 */
function isTopLevelNavigation(req: FastifyRequest): boolean {
  const dest = header(req, 'sec-fetch-dest');
  const mode = header(req, 'sec-fetch-mode');
  const site = header(req, 'sec-fetch-site');
  if (dest === undefined && mode === undefined && site === undefined) return true;
  return dest === 'document' && mode === 'navigate' && site !== 'cross-site';
}

/** A POST that says it comes from the shop: its Origin, or else `Sec-Fetch-Site: same-origin`. */
function isSameOriginPost(env: Env, req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return isShopOrigin(env, req, origin);
  return header(req, 'sec-fetch-site') === 'same-origin';
}
