/**
 * The shop as an OpenID Connect client (openid-client 6). Two sources of configuration, one flow:
 * an external provider from OIDC_ISSUER_URL / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET, or the
 * in-process development provider (dev-provider/). Either gives, for the origin the shop is
 * reached at, the discovered configuration and the redirect URIs registered for it.
 */
import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env';

export interface OidcClientForOrigin {
  config: client.Configuration;
  /** `${origin}/api/callback`, registered at the provider. */
  redirectUri: string;
  /** `${origin}/`, where the provider sends the visitor after RP-initiated logout. */
  postLogoutRedirectUri: string;
}

export interface OidcClient {
  readonly kind: 'external' | 'development';
  /** Extra authorization request parameters (the development provider always asks who you are). */
  readonly authorizationParams?: Record<string, string>;
  forOrigin(origin: string): Promise<OidcClientForOrigin>;
  /**
   * The issuer an account is linked to (users.auth_issuer): an external provider's issuer
   * identifier; the development provider has one name for all the origins it serves.
   */
  identityIssuer(config: client.Configuration): string;
}

/**
 * An external provider, discovered on first use (so the api starts while the provider is down)
 * and again after a failed discovery. Without OIDC_CLIENT_SECRET the client is public (PKCE only).
 * Register `${PUBLIC_URL}/api/callback` as redirect URI and `${PUBLIC_URL}/` as post-logout URI.
 */
export function externalOidcClient(env: Env, log: FastifyBaseLogger): OidcClient {
  const issuer = new URL(env.OIDC_ISSUER_URL!);
  if (issuer.protocol === 'http:')
    log.warn(`OIDC_ISSUER_URL uses plain http (${issuer.origin}): development only`);
  let discovered: Promise<client.Configuration> | undefined;

  const discover = () => {
    discovered ??= client
      .discovery(
        issuer,
        env.OIDC_CLIENT_ID!,
        env.OIDC_CLIENT_SECRET,
        env.OIDC_CLIENT_SECRET ? undefined : client.None(),
        { execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [] },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    kind: 'external',
    async forOrigin(origin) {
      return {
        config: await discover(),
        redirectUri: `${origin}/api/callback`,
        postLogoutRedirectUri: `${origin}/`,
      };
    },
    identityIssuer: (config) => config.serverMetadata().issuer,
  };
}
