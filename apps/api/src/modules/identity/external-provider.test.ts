/**
 * Signing in as an integrator would, through an OpenID Connect provider this project did not write
 * (oauth2-mock-server) over HTTPS, with a certificate made here and trusted for this test only:
 * discovery, PKCE, state, nonce, the token endpoint's client authentication, the checks of the
 * ID token, replays, the log lines an operator gets for a wrong setting, and logout.
 *
 * The mock accepts any client by default; here it answers like a real provider: only the
 * registered client, authenticated the way its discovery document says, gets tokens.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { Events, OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserEntity } from '@shop/db';
import { CookieJar } from '../../test/cookie-jar';
import { send } from '../../test/sign-in';
import { startTestApp, type TestApp } from '../../test/test-app';
import { SIGN_IN_FAILED_PATH } from './auth.routes';
import { DEV_IDENTITY_ISSUER } from './dev-provider/dev-provider';
import { clientAuthMethod } from './oidc-client';

const CLIENT_ID = 'freshcart-shop';
const CLIENT_SECRET = 'the-registered-secret: with & odd / characters';

let provider: OAuth2Server;
let shop: TestApp;
let certDir: string;
const defaultCAs = tls.getCACertificates('default');
const logLines: { level: number; msg: string }[] = [];

/** The person the provider signs in next. */
let person: Record<string, unknown>;
/** What the provider currently accepts as the client's secret (change it to make the shop's wrong). */
let registeredSecret = CLIENT_SECRET;
/** How the client authenticated at each token request. */
const tokenRequests: { basic: boolean; secretInBody: boolean }[] = [];
/** A change to the next ID token's claims, or a whole foreign-signed token. */
let idTokenTweak: ((payload: Record<string, unknown>) => void) | undefined;
let foreignIdToken: ((nonce: string) => string) | undefined;
/** The nonce of the latest authorization request (what a foreign token would copy). */
let lastNonce = '';

/** The client id and secret of an HTTP Basic header, form-decoded (RFC 6749 §2.3.1). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const form = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)) };
}

beforeAll(async () => {
  // The mock names itself https://localhost:<port>.
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  certDir = mkdtempSync(join(tmpdir(), 'shop-oidc-'));
  writeFileSync(join(certDir, 'key.pem'), pems.private);
  writeFileSync(join(certDir, 'cert.pem'), pems.cert);
  // This process (the shop's OIDC client and the test's own fetch) trusts the test certificate.
  tls.setDefaultCACertificates([...defaultCAs, pems.cert]);

  provider = new OAuth2Server(join(certDir, 'key.pem'), join(certDir, 'cert.pem'));
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const service = provider.service;

  service.on(Events.BeforeWellKnownOpenIdConfiguration, (response) => {
    response.body.token_endpoint_auth_methods_supported = ['client_secret_basic', 'client_secret_post'];
  });
  service.on(Events.BeforeAuthorizeRedirect, (_redirect, req) => {
    lastNonce = new URL(req.url!, provider.issuer.url).searchParams.get('nonce') ?? '';
  });
  service.on(Events.BeforeTokenSigning, (token: MutableToken, req) => {
    const { payload } = token;
    payload.sub = person.sub;
    const isIdToken = payload.aud !== undefined && req.body.grant_type === 'authorization_code';
    // The mock copies the client id out of the Basic header without form-decoding it.
    if (isIdToken) payload.aud = CLIENT_ID;
    if (isIdToken && idTokenTweak) {
      idTokenTweak(payload);
      idTokenTweak = undefined;
    }
  });
  service.on(Events.BeforeResponse, (response, req) => {
    const authorization = req.headers.authorization;
    const secretInBody = typeof req.body.client_secret === 'string';
    tokenRequests.push({ basic: Boolean(authorization?.startsWith('Basic ')), secretInBody });
    const credentials = basicCredentials(authorization);
    const authenticated = credentials?.id === CLIENT_ID && credentials.secret === registeredSecret;
    if (!authenticated) {
      response.statusCode = 401;
      response.body = { error: 'invalid_client', error_description: 'client authentication failed' };
      return;
    }
    if (foreignIdToken) {
      response.body.id_token = foreignIdToken(lastNonce);
      foreignIdToken = undefined;
    }
  });
  service.on(Events.BeforeUserinfo, (response) => {
    response.body = { ...person };
  });

  shop = await startTestApp({
    env: {
      OIDC_ISSUER_URL: provider.issuer.url,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    logDestination: { write: (line) => void logLines.push(JSON.parse(line)) },
  });
});

afterAll(async () => {
  await shop?.close();
  await provider?.stop();
  tls.setDefaultCACertificates(defaultCAs);
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** The log lines written while `run` ran. */
async function logged<T>(run: () => Promise<T>): Promise<{ result: T; lines: typeof logLines }> {
  const from = logLines.length;
  const result = await run();
  return { result, lines: logLines.slice(from) };
}

/** /api/login → the provider's authorize endpoint (it signs `person` in at once) → the callback URL. */
async function toCallback(jar: CookieJar): Promise<{ authorize: URL; callback: string }> {
  const login = await send(shop.baseUrl, jar, '/api/login');
  expect(login.status).toBe(302);
  const authorize = new URL(login.headers.get('location')!);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  return { authorize, callback: atProvider.headers.get('location')! };
}

async function signInThroughProvider(jar = new CookieJar()) {
  const { callback } = await toCallback(jar);
  const response = await send(shop.baseUrl, jar, callback);
  return { jar, response };
}

async function expectSignedOut(response: Response, jar: CookieJar) {
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(SIGN_IN_FAILED_PATH);
  expect((await send(shop.baseUrl, jar, '/api/auth/user')).status).toBe(401);
}

describe('a provider whose discovery document names another issuer', () => {
  // First in this file: the shop discovers its provider once, on the first sign-in that needs it.
  test('refuses to sign in: the visitor gets the generic 503, the log names OIDC_ISSUER_URL', async () => {
    provider.service.once(Events.BeforeWellKnownOpenIdConfiguration, (response) => {
      response.body.issuer = 'https://id.elsewhere.example';
    });
    const { result: login, lines } = await logged(() => send(shop.baseUrl, new CookieJar(), '/api/login'));
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual({
      message: 'Sign-in is temporarily unavailable. Please try again.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const error = lines.find((line) => line.level === 50);
    expect(error?.msg).toMatch(/OIDC_ISSUER_URL \(https:\/\/localhost:\d+\) is not the issuer/);
    expect(error?.msg).toContain('https://id.elsewhere.example');
  });
});

describe('signing in through a third-party provider over HTTPS', () => {
  test('discovery, PKCE, state and nonce; client_secret_basic; a new customer linked to issuer + subject', async () => {
    person = {
      sub: 'mock-sub-1',
      email: 'Mock.Shopper@Example.com',
      email_verified: true,
      given_name: 'Mock',
      family_name: 'Shopper',
    };
    const jar = new CookieJar();
    const { authorize, callback } = await toCallback(jar);
    expect(`${authorize.origin}`).toBe(provider.issuer.url);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${shop.baseUrl}/api/callback`);

    const before = tokenRequests.length;
    const response = await send(shop.baseUrl, jar, callback);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    // The secret went in the Authorization header, as the provider lists first, not in the body.
    expect(tokenRequests.slice(before)).toEqual([{ basic: true, secretInBody: false }]);

    const me = await send(shop.baseUrl, jar, '/api/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'mock.shopper@example.com',
      firstName: 'Mock',
      lastName: 'Shopper',
      role: 'customer',
    });
    const row = await shop.dataSource.manager.findOneByOrFail(UserEntity, {
      email: 'mock.shopper@example.com',
    });
    expect(row).toMatchObject({ authIssuer: provider.issuer.url, authSubject: 'mock-sub-1' });
  });

  test('a replayed callback is refused', async () => {
    person = { sub: 'mock-sub-replay', email: 'replay@example.com', email_verified: true };
    const jar = new CookieJar();
    const { callback } = await toCallback(jar);
    const saved = jar.clone();
    expect((await send(shop.baseUrl, jar, callback)).headers.get('location')).toBe('/');
    const replay = saved.clone();
    await expectSignedOut(await send(shop.baseUrl, replay, callback), replay);
  });

  test.each([
    [
      'from another issuer',
      (claims: Record<string, unknown>) => (claims.iss = 'https://id.elsewhere.example'),
    ],
    ['for another client', (claims: Record<string, unknown>) => (claims.aud = 'someone-else')],
    ['with another nonce', (claims: Record<string, unknown>) => (claims.nonce = 'not-the-nonce')],
    [
      'that has expired',
      (claims: Record<string, unknown>) => (claims.exp = Math.floor(Date.now() / 1000) - 600),
    ],
  ])('an ID token %s is refused', async (_what, tweak) => {
    person = { sub: 'mock-sub-tweaked', email: 'tweaked@example.com', email_verified: true };
    idTokenTweak = tweak;
    const { jar, response } = await signInThroughProvider();
    await expectSignedOut(response, jar);
  });

  test('an ID token signed with a foreign key is refused', async () => {
    person = { sub: 'mock-sub-admin-wannabe', email: 'forged@example.com', email_verified: true };
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const realKid = provider.issuer.keys.toJSON()[0]!.kid;
    foreignIdToken = (nonce) => {
      const now = Math.floor(Date.now() / 1000);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${part({ alg: 'RS256', typ: 'JWT', kid: realKid })}.${part({
        iss: provider.issuer.url,
        aud: CLIENT_ID,
        sub: person.sub,
        nonce,
        iat: now,
        exp: now + 300,
      })}`;
      const signature = createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
      return `${input}.${signature}`;
    };
    const { jar, response } = await signInThroughProvider();
    await expectSignedOut(response, jar);
    expect(await shop.dataSource.manager.countBy(UserEntity, { email: 'forged@example.com' })).toBe(0);
  });

  test('a wrong client secret: the visitor’s sign-in fails, the log names the settings to check', async () => {
    person = { sub: 'mock-sub-secret', email: 'secret@example.com', email_verified: true };
    registeredSecret = 'rotated-at-the-provider';
    try {
      const { result, lines } = await logged(() => signInThroughProvider());
      await expectSignedOut(result.response, result.jar);
      const error = lines.find((line) => line.level === 50);
      expect(error?.msg).toMatch(/invalid_client.*check OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    } finally {
      registeredSecret = CLIENT_SECRET;
    }
  });

  test('an account that signs in through another provider is not reached by a verified email here', async () => {
    const other = await shop.dataSource.manager.save(
      shop.dataSource.manager.create(UserEntity, {
        email: 'dev-linked@example.com',
        role: 'admin',
        authIssuer: DEV_IDENTITY_ISSUER,
        authSubject: 'dev-linked@example.com',
      }),
    );
    person = { sub: 'mock-sub-dev', email: 'dev-linked@example.com', email_verified: true };
    const { jar, response } = await signInThroughProvider();
    await expectSignedOut(response, jar);
    expect(await shop.dataSource.manager.findOneByOrFail(UserEntity, { id: other.id })).toMatchObject({
      authIssuer: DEV_IDENTITY_ISSUER,
    });
  });

  test('an unverified email does not claim the user an admin created with it', async () => {
    const created = await shop.dataSource.manager.save(
      shop.dataSource.manager.create(UserEntity, { email: 'precreated@example.com', role: 'sales_manager' }),
    );
    person = { sub: 'mock-sub-unverified', email: 'precreated@example.com', email_verified: false };
    const { jar, response } = await signInThroughProvider();
    await expectSignedOut(response, jar);
    person = { ...person, email_verified: true };
    const verified = await signInThroughProvider();
    expect(verified.response.headers.get('location')).toBe('/');
    const me = await send(shop.baseUrl, verified.jar, '/api/auth/user');
    expect(await me.json()).toMatchObject({ id: created.id, role: 'sales_manager' });
  });

  test('logout ends the shop session, then the provider’s (RP-initiated logout)', async () => {
    person = { sub: 'mock-sub-logout', email: 'logout@example.com', email_verified: true };
    const { jar } = await signInThroughProvider();
    expect((await send(shop.baseUrl, jar, '/api/auth/user')).status).toBe(200);
    // The header's Logout as a form post from the shop's own page (a GET from a script is refused).
    const logout = await send(shop.baseUrl, jar, '/api/logout', {
      method: 'POST',
      headers: { origin: shop.baseUrl },
    });
    expect(logout.status).toBe(303);
    const endSession = new URL(logout.headers.get('location')!);
    expect(endSession.origin).toBe(provider.issuer.url);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${shop.baseUrl}/`);
    const atProvider = await fetch(endSession, { redirect: 'manual' });
    expect(atProvider.headers.get('location')).toBe(`${shop.baseUrl}/`);
    expect((await send(shop.baseUrl, jar, '/api/auth/user')).status).toBe(401);
  });
});

describe('the token endpoint authentication method', () => {
  test('client_secret_basic first, then client_secret_post, none without a secret', () => {
    const listed = (...methods: string[]) => ({ token_endpoint_auth_methods_supported: methods });
    expect(clientAuthMethod(listed('client_secret_post', 'client_secret_basic'), true)).toBe(
      'client_secret_basic',
    );
    expect(clientAuthMethod({}, true)).toBe('client_secret_basic'); // the standard's default
    expect(clientAuthMethod(listed('client_secret_post', 'private_key_jwt'), true)).toBe(
      'client_secret_post',
    );
    expect(clientAuthMethod(listed('client_secret_basic'), false)).toBe('none');
    expect(() => clientAuthMethod(listed('private_key_jwt'), true)).toThrow(
      /accepts neither client_secret_basic nor client_secret_post/,
    );
  });
});
