/**
 * The pieces around the flow: the test sign-in helper in-process, the configuration rules for the
 * development provider, an unreachable external provider, the session store's invariants and the
 * layered procedure builders.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { TRPCError } from '@trpc/server';
import { UserEntity } from '@shop/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { loadEnv } from '../../env';
import { authedProcedure, can, createCallerFactory, publicProcedure, router } from '../../trpc/trpc';
import type { RequestContext } from '../../context';
import { effectivePermissions } from './permissions.service';
import { toCurrentUser } from './request-user';
import { PgSessionStore, sessionKey } from './session-store';
import type { Session } from 'fastify';

describe('the sign-in helper, in-process (app.inject, no socket)', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ listen: false });
  });
  afterAll(async () => {
    await shop?.close();
  });

  test('signs in and the cookie works with inject', async () => {
    const admin = await signIn(shop.app, 'admin@example.com');
    expect(admin.user.role).toBe('admin');
    const me = await shop.app.inject({ url: '/api/auth/user', headers: { cookie: admin.cookie } });
    expect(me.json()).toMatchObject({ email: 'admin@example.com', role: 'admin' });
    const trpc = await shop.app.inject({ url: '/trpc/auth.me', headers: { cookie: admin.cookie } });
    expect(trpc.json().result.data.email).toBe('admin@example.com');
  });

  test('switching accounts in one browser (the provider session changes hands)', async () => {
    const first = await signIn(shop.app, 'customer@example.com');
    const second = await signIn(shop.app, 'sales@example.com', { jar: first.jar });
    expect(second.user.role).toBe('sales_manager');
    const old = await shop.app.inject({ url: '/api/auth/user', headers: { cookie: first.cookie } });
    expect(old.statusCode).toBe(401);
  });

  test('auth.session answers the signed-in user, or null (200) for a visitor, never a 401', async () => {
    const visitor = await shop.app.inject({ url: '/trpc/auth.session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().result.data).toBeNull();
    const admin = await signIn(shop.app, 'admin@example.com');
    const signedIn = await shop.app.inject({ url: '/trpc/auth.session', headers: { cookie: admin.cookie } });
    expect(signedIn.json().result.data).toMatchObject({ email: 'admin@example.com', role: 'admin' });
  });

  test('signed out, /trpc answers UNAUTHORIZED too', async () => {
    const response = await shop.app.inject({ url: '/trpc/auth.me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.data.code).toBe('UNAUTHORIZED');
  });
});

describe('configuration', () => {
  test('production refuses the development provider unless AUTH_DEV_PROVIDER=true', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
      PUBLIC_URL: 'https://shop.example.com',
      DATABASE_URL: 'postgres://shop@db.example.com:5432/shop',
    };
    expect(() => loadEnv(production)).toThrow(/OIDC_ISSUER_URL: is required in production/);
    expect(loadEnv({ ...production, AUTH_DEV_PROVIDER: 'true' }).AUTH_DEV_PROVIDER).toBe(true);
    expect(() =>
      loadEnv({ ...production, OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'shop' }),
    ).not.toThrow();
    expect(() => loadEnv({ NODE_ENV: 'development' })).not.toThrow();
  });

  test('an external provider that cannot be reached: login answers 503, logout still signs out', async () => {
    const shop = await startTestApp({
      listen: false,
      env: {
        OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/shop',
        OIDC_CLIENT_ID: 'shop',
        OIDC_CLIENT_SECRET: 's',
      },
    });
    try {
      const login = await shop.app.inject({ url: '/api/login' });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe('5');
      expect(login.json().code).toBe('SERVICE_UNAVAILABLE');
      const logout = await shop.app.inject({ url: '/api/logout' });
      expect(logout.statusCode).toBe(303);
      expect(logout.headers.location).toBe('/');
      // No development provider is mounted then.
      expect((await shop.app.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
    } finally {
      await shop.close();
    }
  });
});

describe('session store', () => {
  let shop: TestApp;
  let store: PgSessionStore;
  beforeAll(async () => {
    shop = await startTestApp({ listen: false });
    store = new PgSessionStore(shop.dataSource, 60_000);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const call = <T>(fn: (done: (error?: unknown, value?: T | null) => void) => void) =>
    new Promise<T | null | undefined>((resolve, reject) =>
      fn((error, value) => (error ? reject(error) : resolve(value))),
    );
  const rows = async (sid: string) =>
    (await shop.dataSource.query('SELECT sid FROM sessions WHERE sid = $1', [sessionKey(sid)])).length;

  test('writes only sessions that carry a user id', async () => {
    const [someone] = await shop.dataSource.query(`SELECT id FROM users LIMIT 1`);
    await call((done) => store.set('anon', { cookie: { originalMaxAge: 1000 } } as Session, done));
    expect(await rows('anon')).toBe(0);
    await call((done) =>
      store.set('known', { cookie: { originalMaxAge: 1000 }, userId: someone.id } as Session, done),
    );
    expect(await rows('known')).toBe(1);
    expect(await call<Session>((done) => store.get('known', done))).toMatchObject({ userId: someone.id });
    // Losing the user id removes the row.
    await call((done) => store.set('known', { cookie: { originalMaxAge: 1000 } } as Session, done));
    expect(await rows('known')).toBe(0);
  });

  test('an expired row reads as no session; destroy deletes', async () => {
    const [someone] = await shop.dataSource.query(`SELECT id FROM users LIMIT 1`);
    const past = {
      cookie: { originalMaxAge: 1000, expires: new Date(Date.now() - 1000) },
      userId: someone.id,
    };
    await call((done) => store.set('old', past as unknown as Session, done));
    expect(await rows('old')).toBe(1);
    expect(await call((done) => store.get('old', done))).toBeNull();
    await call((done) => store.destroy('old', done));
    expect(await rows('old')).toBe(0);
  });
});

describe('procedure layers: public → authed (401) → can(permission) (403)', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ listen: false });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const testRouter = router({
    open: publicProcedure.query(() => 'open'),
    mine: authedProcedure.query(({ ctx }) => ctx.user.email),
    users: can('users:read').query(() => 'users'),
    stock: can('inventory:update').query(() => 'stock'),
  });
  const createCaller = createCallerFactory(testRouter);
  const log = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

  async function callerFor(email: string | null) {
    let user = null;
    if (email) {
      const row = await shop.dataSource.manager.findOneByOrFail(UserEntity, { email });
      user = toCurrentUser(row, await effectivePermissions(shop.dataSource.manager, row));
    }
    return createCaller({
      dataSource: shop.dataSource,
      db: shop.dataSource.manager,
      user,
      log,
    } as RequestContext);
  }
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'OK',
      (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
    );

  test.each([
    [null, 'OK', 'UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED'],
    ['customer@example.com', 'OK', 'OK', 'FORBIDDEN', 'FORBIDDEN'],
    ['inventory@example.com', 'OK', 'OK', 'FORBIDDEN', 'OK'],
    ['sales@example.com', 'OK', 'OK', 'FORBIDDEN', 'FORBIDDEN'],
    ['admin@example.com', 'OK', 'OK', 'OK', 'OK'],
  ])('%s', async (email, open, mine, users, stock) => {
    const caller = await callerFor(email);
    expect(await codeOf(caller.open())).toBe(open);
    expect(await codeOf(caller.mine())).toBe(mine);
    expect(await codeOf(caller.users())).toBe(users);
    expect(await codeOf(caller.stock())).toBe(stock);
  });

  test('effective permissions are the role defaults; an unknown role has none', async () => {
    const admin = await effectivePermissions(shop.dataSource.manager, {
      id: 'x',
      role: 'admin',
      roleId: null,
    });
    expect(admin.has('roles:manage')).toBe(true);
    const odd = await effectivePermissions(shop.dataSource.manager, {
      id: 'x',
      role: 'toString',
      roleId: null,
    });
    expect(odd.size).toBe(0);
  });
});
