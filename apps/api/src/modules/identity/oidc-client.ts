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
 * How the shop proves itself at the token endpoint, from what the provider's discovery document
 * lists in `token_endpoint_auth_methods_supported`: `client_secret_basic` first (also when the
 * list is absent: the standard default), then `client_secret_post`; a client without
 * OIDC_CLIENT_SECRET is public (`none`, PKCE only).
 */
export function clientAuthMethod(
  metadata: Pick<client.ServerMetadata, 'token_endpoint_auth_methods_supported'>,
  hasSecret: boolean,
): 'client_secret_basic' | 'client_secret_post' | 'none' {
  if (!hasSecret) return 'none';
  const supported = metadata.token_endpoint_auth_methods_supported;
  if (!supported || supported.includes('client_secret_basic')) return 'client_secret_basic';
  if (supported.includes('client_secret_post')) return 'client_secret_post';
  throw new OidcConfigurationError(
    `OIDC_CLIENT_SECRET is set, but the provider accepts neither client_secret_basic nor ` +
      `client_secret_post at its token endpoint (it lists: ${supported.join(', ') || 'nothing'}); ` +
      `register the shop's client with one of them`,
  );
}

/** A setting of the shop and the provider disagree: the operator has to fix it, not the visitor. */
export class OidcConfigurationError extends Error {
  override name = 'OidcConfigurationError';
}

function clientAuthentication(secret: string | undefined): client.ClientAuth {
  if (!secret) return client.None();
  const methods = {
    client_secret_basic: client.ClientSecretBasic(secret),
    client_secret_post: client.ClientSecretPost(secret),
  };
  return (as, metadata, body, headers) => {
    const method = clientAuthMethod(as, true) as keyof typeof methods;
    methods[method](as, metadata, body, headers);
  };
}

/**
 * An external provider, discovered on first use (so the api starts while the provider is down)
 * and again after a failed discovery. Without OIDC_CLIENT_SECRET the client is public (PKCE only).
 * Register `${PUBLIC_URL}/api/callback` as redirect URI and `${PUBLIC_URL}/` as post-logout URI.
 * A plain-http issuer is refused in production (env.ts) and only warned about elsewhere.
 */
export function externalOidcClient(env: Env, log: FastifyBaseLogger): OidcClient {
  const issuer = new URL(env.OIDC_ISSUER_URL!);
  if (issuer.protocol === 'http:')
    log.warn(`OIDC_ISSUER_URL uses plain http (${issuer.origin}): development only, refused in production`);
  let discovered: Promise<client.Configuration> | undefined;

  const discover = () => {
    discovered ??= client
      .discovery(issuer, env.OIDC_CLIENT_ID!, undefined, clientAuthentication(env.OIDC_CLIENT_SECRET), {
        // The ID token's signature is checked against the provider's published keys too, not
        // only trusted because it came over TLS from the token endpoint.
        execute: [
          client.enableNonRepudiationChecks,
          ...(issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []),
        ],
      })
      .then((config) => {
        const method = clientAuthMethod(config.serverMetadata(), Boolean(env.OIDC_CLIENT_SECRET));
        log.info(
          { issuer: config.serverMetadata().issuer, tokenEndpointAuthMethod: method },
          'identity provider discovered',
        );
        return config;
      })
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
