/**
 * Why talking to an external identity provider failed, told apart for the log (docs/deploy.md
 * "Signing in with your provider"): a disagreement between the shop's settings and the provider
 * — a wrong OIDC_CLIENT_SECRET, an OIDC_ISSUER_URL that is not the provider's issuer — is the
 * operator's to fix and is logged as an error naming the setting; a provider that cannot be
 * reached is an error too. Anything else (a stale or replayed code, a wrong state, a token that
 * does not verify) is the visitor's sign-in failing, logged at info. The visitor sees the same
 * generic answer in every case.
 */
import * as client from 'openid-client';
import { OidcConfigurationError } from './oidc-client';

export interface ProviderFailure {
  /** 'error': the operator has to act; 'info': this one sign-in failed. */
  level: 'error' | 'info';
  message: string;
}

/** The `{ attribute | claim, expected, body | claims }` detail openid-client puts in an error's causes. */
function comparison(
  error: unknown,
): { attribute?: string; claim?: string; expected?: unknown; body?: Record<string, unknown> } | undefined {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const detail = cause as { attribute?: unknown; claim?: unknown };
    if (typeof detail.attribute === 'string' || typeof detail.claim === 'string')
      return cause as ReturnType<typeof comparison>;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A network or TLS failure under fetch: the innermost cause's code and message. */
function networkCause(error: unknown): string | undefined {
  if (!(error instanceof TypeError) || !/fetch failed/i.test(error.message)) return undefined;
  let cause: unknown = error.cause;
  while ((cause as { cause?: unknown })?.cause) cause = (cause as { cause?: unknown }).cause;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  return [code, message].filter((part) => typeof part === 'string' && part).join(': ') || 'fetch failed';
}

export function describeProviderFailure(error: unknown, issuerSetting: string | undefined): ProviderFailure {
  const issuer = issuerSetting ?? 'the provider';
  if (error instanceof OidcConfigurationError) return { level: 'error', message: error.message };

  const network = networkCause(error);
  if (network) {
    return {
      level: 'error',
      message:
        `the identity provider at ${issuer} cannot be reached (${network}): check OIDC_ISSUER_URL, ` +
        `the network and the provider's TLS certificate`,
    };
  }

  if (
    (error instanceof client.ResponseBodyError &&
      (error.error === 'invalid_client' || error.error === 'unauthorized_client')) ||
    (error instanceof client.WWWAuthenticateChallengeError && error.status === 401)
  ) {
    const said = error instanceof client.ResponseBodyError ? error.error : 'HTTP 401';
    return {
      level: 'error',
      message:
        `the provider refused the shop's client credentials (${said}): check OIDC_CLIENT_ID and ` +
        `OIDC_CLIENT_SECRET against the client registered at ${issuer}`,
    };
  }

  const code = (error as { code?: unknown })?.code;
  const detail = comparison(error);
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' && detail?.attribute === 'issuer') {
    const named = typeof detail.body?.issuer === 'string' ? detail.body.issuer : 'another issuer';
    return {
      level: 'error',
      message:
        `OIDC_ISSUER_URL (${issuer}) is not the issuer the provider's discovery document names ` +
        `(${named}): set OIDC_ISSUER_URL to exactly the provider's issuer`,
    };
  }
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && detail?.claim === 'aud') {
    return {
      level: 'error',
      message:
        `the provider's ID token is not addressed to OIDC_CLIENT_ID: check OIDC_CLIENT_ID against ` +
        `the client registered at ${issuer}`,
    };
  }
  if (
    code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    code === 'OAUTH_RESPONSE_IS_NOT_JSON' ||
    code === 'OAUTH_INVALID_SERVER_METADATA' ||
    code === 'OAUTH_MISSING_SERVER_METADATA'
  ) {
    return {
      level: 'error',
      message:
        `the identity provider at ${issuer} answered something that is not OpenID Connect ` +
        `(${(error as Error).message}): check OIDC_ISSUER_URL and that the provider is healthy`,
    };
  }
  return { level: 'info', message: 'sign-in failed at the provider exchange' };
}
