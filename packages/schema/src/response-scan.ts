/**
 * The security scan of one HTTP answer (OWASP ASVS L2, CI): run on every answer of the browser tests
 * (apps/web/e2e/support/test.ts) and of the hostile-input run (apps/api/src/resilience/). A plain
 * function, so both runners apply the same rules:
 *
 * - security headers: Content-Security-Policy with frame-ancestors (or X-Frame-Options),
 *   `X-Content-Type-Options: nosniff`, Referrer-Policy; Strict-Transport-Security over https;
 * - every Set-Cookie: HttpOnly, SameSite, Path, and Secure over https;
 * - `Cache-Control: no-store` on an api answer (`/api/…`, `/trpc/…`) to a signed-in call;
 * - no secret in a JSON or HTML body: none of the given values (session ids, SESSION_SECRET, the
 *   OpenID client secret), no API token (`shop_…`) except where it is handed out, and no card number
 *   (a 13–19 digit run that passes the Luhn check, docs/architecture.md §4 "Placing an order").
 *
 * Returns the findings, each a sentence naming the answer and the rule; none means clean.
 */
import { passesLuhn } from './payment-data';

export interface ScannedAnswer {
  method: string;
  /** The full URL, or at least the path. */
  url: string;
  status: number;
  /** Header names in lower case; Set-Cookie may be a list, or one string with a line per cookie. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The request carried a session cookie or an API token. */
  signedIn: boolean;
}

export interface ScanOptions {
  /** Values that must never appear in a body (session ids, SESSION_SECRET, client secrets). */
  secrets?: readonly string[];
  /** Answers allowed to carry an API token: the one that creates it (shown once). */
  tokenIssuers?: readonly RegExp[];
}

/** An API token as the shop mints them: 'shop_' and 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /shop_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/**
 * 13 to 19 digits, optionally grouped by single spaces or dashes, not part of a longer word, number
 * or address (`shopper-1764097212345-123456@example.com` is an email, not a card).
 */
const CARD_RUN = /(?<![\w.@-])(?:\d[ -]?){12,18}\d(?![\w.@-])/g;

const DEFAULT_TOKEN_ISSUERS = [/^\/api\/admin\/api-tokens$/, /^\/trpc\/(?:[^?]*,)?apiTokens\.create/];

/** The card numbers in a text: digit runs of card length that pass the Luhn check (uuids ignored). */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.replace(UUID, '').matchAll(CARD_RUN)) {
    const digits = match[0].replace(/\D/g, '');
    // A millisecond timestamp (13 digits from 1): no card brand starts a 13-digit number with 1.
    if (/^1\d{12}$/.test(match[0])) continue;
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) found.push(match[0]);
  }
  return found;
}

function headerList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((item) => item.split('\n')).filter(Boolean);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

export function scanResponse(answer: ScannedAnswer, options: ScanOptions = {}): string[] {
  const url = new URL(answer.url, 'http://scan.invalid');
  const https = url.protocol === 'https:';
  const where = `${answer.method} ${url.pathname} → ${answer.status}`;
  const findings: string[] = [];
  const h = answer.headers;

  // --- security headers ---
  const csp = single(h['content-security-policy']);
  if (!csp) findings.push(`${where}: no Content-Security-Policy`);
  if (!/frame-ancestors/i.test(csp ?? '') && !single(h['x-frame-options']))
    findings.push(`${where}: neither CSP frame-ancestors nor X-Frame-Options (clickjacking)`);
  if (single(h['x-content-type-options'])?.toLowerCase() !== 'nosniff')
    findings.push(`${where}: X-Content-Type-Options is not nosniff`);
  if (!single(h['referrer-policy'])) findings.push(`${where}: no Referrer-Policy`);
  if (https && !single(h['strict-transport-security']))
    findings.push(`${where}: no Strict-Transport-Security over https`);

  // --- cookies ---
  for (const cookie of headerList(h['set-cookie'])) {
    const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
    const [name, value = ''] = pair.split('=', 2);
    // A cookie being deleted carries nothing to protect.
    if (!value || attributes.some((item) => /^max-age=0$/i.test(item))) continue;
    const has = (attribute: string) =>
      attributes.some((item) => item.toLowerCase().startsWith(attribute.toLowerCase()));
    const missing = [
      !has('HttpOnly') && 'HttpOnly',
      !has('SameSite') && 'SameSite',
      !has('Path=') && 'Path',
      https && !has('Secure') && 'Secure',
    ].filter(Boolean);
    if (missing.length) findings.push(`${where}: cookie ${name} lacks ${missing.join(', ')}`);
  }

  // --- private answers are not cached ---
  const isApi = url.pathname.startsWith('/api/') || url.pathname.startsWith('/trpc/');
  if (answer.signedIn && isApi && !/no-store/i.test(single(h['cache-control']) ?? ''))
    findings.push(`${where}: a signed-in api answer without Cache-Control: no-store`);

  // --- no secrets in JSON or HTML bodies ---
  const type = single(h['content-type']) ?? '';
  if (/json|html/i.test(type) && answer.body) {
    for (const secret of options.secrets ?? []) {
      if (secret.length >= 8 && answer.body.includes(secret))
        findings.push(`${where}: the body contains a secret (${secret.slice(0, 4)}…)`);
    }
    const issuers = options.tokenIssuers ?? DEFAULT_TOKEN_ISSUERS;
    const pathAndQuery = `${url.pathname}${url.search}`;
    if (API_TOKEN_PATTERN.test(answer.body) && !issuers.some((issuer) => issuer.test(pathAndQuery)))
      findings.push(`${where}: the body contains an API token`);
    const cards = findCardNumbers(answer.body);
    if (cards.length)
      findings.push(`${where}: the body contains a card number (${cards[0]!.slice(-4)} last)`);
  }
  return findings;
}
