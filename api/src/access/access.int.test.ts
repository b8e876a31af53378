import { Elysia, t as schema } from 'elysia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwt } from '@elysiajs/jwt';
import { errorHandler } from '../shared/errorHandler.ts';
import { silentLogger } from '@rentals/core/logger';
import { testApp, type TestApp } from '@rentals/testing/testApp';
import { access, callerOf } from './access.ts';
import { OWNER_ROLES } from './routeTable.ts';
import { TOKEN_TTL_SECONDS } from './tokens.ts';

/**
 * The access plugin on its own routes, the way a feature plugin uses it, over
 * the accounts of a real database.
 */
let t: TestApp;
let probe: { handle: (request: Request) => Promise<Response> };

beforeAll(async () => {
  t = await testApp();
  const feature = new Elysia({ name: 'probe-feature' })
    .use(access(t.deps))
    .get('/user', ({ user }) => ({ id: user.id, role: user.role }), { requireUser: true })
    .get(
      '/owners',
      ({ user, request }) => {
        const caller = callerOf(user, request);
        return { userId: caller.user.id, requestId: caller.requestId };
      },
      { requireRole: OWNER_ROLES },
    )
    .get('/admins', ({ user }) => ({ id: user.id }), { requireRole: ['admin'] })
    .get('/maybe', ({ user }) => ({ id: user?.id ?? null }), { optionalUser: true })
    .post('/validated', ({ body }) => body, {
      requireUser: true,
      body: schema.Object({ n: schema.Number() }),
    });
  // A second feature using the plugin: it is registered once (named) and still types `user`.
  const other = new Elysia({ name: 'probe-other' })
    .use(access(t.deps))
    .get('/other', ({ user }) => ({ name: user.name }), { requireUser: true });
  probe = new Elysia().use(errorHandler(silentLogger)).use(feature).use(other);
});
afterAll(() => t.close());

const call = async (
  path: string,
  init: { token?: string; authorization?: string; method?: string } = {},
) => {
  const headers = new Headers();
  if (init.authorization !== undefined) headers.set('authorization', init.authorization);
  if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
  const response = await probe.handle(
    new Request(`http://localhost${path}`, { method: init.method ?? 'GET', headers }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** Changes written in SQL reach the session cache by NOTIFY: polls until `status` or a second has passed. */
const callUntil = async (path: string, token: string, status: number) => {
  const deadline = performance.now() + 1000;
  for (;;) {
    const answer = await call(path, { token });
    if (answer.status === status || performance.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const MISSING = 'Authentication required; please log in';
const ENDED = 'Your session is invalid or has expired; please log in again';
const NOT_BEARER = "The Authorization header must be 'Bearer <token>'";

describe('requireUser', () => {
  it('gives the handler the current user', async () => {
    const { user, token } = await t.registerUser('tenant');
    expect(await call('/user', { token })).toEqual({
      status: 200,
      body: { id: user._id, role: 'tenant' },
    });
    expect(await call('/other', { token })).toEqual({ status: 200, body: { name: user.name } });
  });

  it('refuses a request without a token before validating its body', async () => {
    expect(await call('/validated', { method: 'POST' })).toEqual({
      status: 401,
      body: { message: MISSING },
    });
  });

  it.each([
    ['no Authorization header', {}, MISSING],
    ['an empty Authorization header', { authorization: '' }, MISSING],
    ['a Basic header', { authorization: 'Basic YTpi' }, NOT_BEARER],
    ['Bearer without a token', { authorization: 'Bearer ' }, NOT_BEARER],
    ['two tokens', { authorization: 'Bearer a b' }, NOT_BEARER],
    ['a malformed token', { authorization: 'Bearer not-a-jwt' }, ENDED],
  ])('answers %s with 401', async (_case, init, message) => {
    expect(await call('/user', init)).toEqual({ status: 401, body: { message } });
  });

  it('refuses a tampered token', async () => {
    const { token } = await t.registerUser('tenant');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await call('/user', { token: `${header}.${forged}.${signature}` })).status).toBe(401);
    expect((await call('/user', { token: `${header}.${payload}.${flipped}` })).status).toBe(401);
  });

  it('refuses a token signed with another secret, or with no signature at all', async () => {
    const { user } = await t.registerUser('tenant');
    const claims = {
      sub: user._id,
      jti: crypto.randomUUID(),
      gen: 0,
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const foreign = await jwt({
      secret: 'some-other-secret-of-enough-length!!',
    }).decorator.jwt.sign(claims);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(await call('/user', { token: foreign })).toEqual({
      status: 401,
      body: { message: ENDED },
    });
    expect(await call('/user', { token: unsigned })).toEqual({
      status: 401,
      body: { message: ENDED },
    });
  });

  it('refuses an expired token', async () => {
    const { token } = await t.registerUser('tenant');
    t.clock.advance((TOKEN_TTL_SECONDS - 60) * 1000);
    expect((await call('/user', { token })).status).toBe(200);
    t.clock.advance(120 * 1000);
    expect(await call('/user', { token })).toEqual({ status: 401, body: { message: ENDED } });
  });

  it('refuses the token of a deleted account within a second', async () => {
    const { user, token } = await t.registerUser('tenant');
    expect((await call('/user', { token })).status).toBe(200);
    await t.db.sql`DELETE FROM users WHERE id = ${user._id}`;
    expect(await callUntil('/user', token, 401)).toEqual({ status: 401, body: { message: ENDED } });
  });

  it('applies a role change made in SQL within a second (the session cache hears of it)', async () => {
    const { user, token } = await t.registerUser('tenant');
    expect((await call('/owners', { token })).status).toBe(403);
    await t.db.sql`UPDATE users SET role = 'broker' WHERE id = ${user._id}`;
    expect((await callUntil('/owners', token, 200)).status).toBe(200);
  });
});

describe('requireRole', () => {
  it('lets homeowners, brokers and admins through to an owner route, and passes the user id and request id as command metadata', async () => {
    for (const role of ['homeowner', 'broker', 'admin'] as const) {
      const { user, token } = await t.registerUser(role);
      expect(await call('/owners', { token })).toEqual({
        status: 200,
        body: { userId: user._id, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown },
      });
    }
  });

  it('answers a tenant 403 and a visitor 401', async () => {
    const { token } = await t.registerUser('tenant');
    expect(await call('/owners', { token })).toEqual({
      status: 403,
      body: { message: 'Only homeowners and brokers can do this' },
    });
    expect(await call('/owners')).toEqual({ status: 401, body: { message: MISSING } });
  });

  it('keeps admin routes to admins', async () => {
    for (const role of ['tenant', 'homeowner', 'broker'] as const) {
      const { token } = await t.registerUser(role);
      expect((await call('/admins', { token })).status).toBe(403);
    }
    const admin = await t.registerUser('admin');
    expect(await call('/admins', { token: admin.token })).toEqual({
      status: 200,
      body: { id: admin.user._id },
    });
  });
});

describe('optionalUser', () => {
  it('gives null without a token and the user with one', async () => {
    const { user, token } = await t.registerUser('tenant');
    expect(await call('/maybe')).toEqual({ status: 200, body: { id: null } });
    expect(await call('/maybe', { token })).toEqual({ status: 200, body: { id: user._id } });
  });

  it('answers a present but bad token with 401 instead of treating the caller as a visitor', async () => {
    expect((await call('/maybe', { token: 'not-a-jwt' })).status).toBe(401);
    expect((await call('/maybe', { authorization: 'Token abc' })).status).toBe(401);
  });
});
