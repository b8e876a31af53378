// Security checklist: tokens. An attacker who wants to act as someone else forges,
// replays or bends a bearer token. Every variant goes over HTTP to the real web
// server and its real routes, each kind of guard (requireUser, requireRole and the
// optional user of the detail route), and must get 401: never the signed-in view,
// never a write. (The access plugin's own unit and probe tests:
// api/src/access/tokens.unit.test.ts, api/src/access/access.int.test.ts.)
import { createHmac, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingStreamId } from '@rentals/core/listings/events';
import { TOKEN_TTL_SECONDS } from '@rentals/api/access/tokens';
import { call, createListing } from './testing/attacker.ts';
import { listingForm } from '@rentals/testing/listingForm';
import { rawRequest, testWebServerWithUsers } from './testing/webServer.ts';

const ENDED = 'Your session is invalid or has expired; please log in again';
const MISSING = 'Authentication required; please log in';
const NOT_BEARER = "The Authorization header must be 'Bearer <token>'";

const s = testWebServerWithUsers({ victim: { role: 'homeowner', name: 'Victim Owner' } });
let listingId: string;

beforeAll(async () => {
  listingId = await createListing(s.web.base, s.victim.token);
});

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT with any header and claims, signed as `signer` says (an attacker's toolbox). */
const jwt = (
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  signer: (input: string) => string,
) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${signer(input)}`;
};
const hmac = (algorithm: 'sha256' | 'sha384' | 'sha512', key: string | Buffer) => (input: string) =>
  createHmac(algorithm, key).update(input).digest('base64url');
const unsigned = () => '';

const now = () => Math.floor(s.web.t.clock().getTime() / 1000);

/** The claims of a live token of the victim: what a forger would copy. */
const victimClaims = (extra: Record<string, unknown> = {}) => ({
  sub: s.victim.user._id,
  jti: randomUUID(),
  gen: 0,
  exp: now() + 3600,
  ...extra,
});

const versionOfListing = async () => {
  const [row] = await s.web.t.db.sql<{ version: string }[]>`
    SELECT version FROM streams WHERE stream_id = ${listingStreamId(listingId)}`;
  return Number(row!.version);
};

/** Tries a token on every kind of guarded route; each must answer 401 `message`, and nothing is written. */
const refusedEverywhere = async (token: string, message = ENDED) => {
  const before = await versionOfListing();
  const attempts = [
    call(s.web.base, 'GET', '/api/auth/me', { token }),
    call(s.web.base, 'GET', '/api/properties?limit=1', { token }),
    call(s.web.base, 'GET', '/api/properties/my-properties', { token }),
    // The detail route takes visitors too: a bad token must not fall back to either view.
    call(s.web.base, 'GET', `/api/properties/${listingId}`, { token }),
    call(s.web.base, 'PUT', `/api/properties/${listingId}`, {
      token,
      json: { title: 'Taken over by an attacker' },
    }),
    call(s.web.base, 'PATCH', `/api/properties/${listingId}/toggle-availability`, { token }),
    call(s.web.base, 'DELETE', `/api/properties/${listingId}`, { token }),
    call(s.web.base, 'POST', '/api/properties', { token, form: listingForm() }),
    call(s.web.base, 'PUT', '/api/auth/profile', { token, json: { name: 'Attacker' } }),
  ];
  for (const res of await Promise.all(attempts)) {
    expect(res.status, res.text).toBe(401);
    expect(res.body).toEqual({ message });
  }
  expect(await versionOfListing()).toBe(before);
};

describe('a live token works (so the refusals below are about the token)', () => {
  it('reads /me and edits the listing with the victim’s own token', async () => {
    expect((await call(s.web.base, 'GET', '/api/auth/me', { token: s.victim.token })).status).toBe(
      200,
    );
    const edit = await call(s.web.base, 'PUT', `/api/properties/${listingId}`, {
      token: s.victim.token,
      json: { description: 'Edited by its owner: a bright flat with a balcony near the market.' },
    });
    expect(edit.status).toBe(200);
  });

  it('a token re-signed by this test with the server’s secret is accepted (the forger’s tools are sound)', async () => {
    const token = jwt(
      { alg: 'HS256', typ: 'JWT' },
      victimClaims(),
      hmac('sha256', s.web.deps.jwtSecret),
    );
    expect((await call(s.web.base, 'GET', '/api/auth/me', { token })).status).toBe(200);
  });
});

describe('forged tokens', () => {
  const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const attackerJwk = attacker.publicKey.export({ format: 'jwk' });
  const attackerPem = attacker.publicKey.export({ format: 'pem', type: 'spki' });

  const forgeries: [string, () => string][] = [
    [
      'signed with a guessed secret',
      () => jwt({ alg: 'HS256', typ: 'JWT' }, victimClaims(), hmac('sha256', 'secret')),
    ],
    [
      'another user’s token with the subject swapped, signature kept',
      () => {
        const [header, payload, signature] = s.victim.token.split('.') as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
        void header;
        return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, sub: 'admin' })}.${signature}`;
      },
    ],
    [
      'the victim’s token with one signature byte changed',
      () => {
        const [h, p, sig] = s.victim.token.split('.') as [string, string, string];
        return `${h}.${p}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
      },
    ],
    ['the signature stripped', () => s.victim.token.split('.').slice(0, 2).join('.') + '.'],
    ['alg none', () => jwt({ alg: 'none', typ: 'JWT' }, victimClaims(), unsigned)],
    ['alg None', () => jwt({ alg: 'None', typ: 'JWT' }, victimClaims(), unsigned)],
    ['alg NONE', () => jwt({ alg: 'NONE' }, victimClaims(), unsigned)],
    [
      'alg none with the original signature left on',
      () =>
        `${b64({ alg: 'none' })}.${s.victim.token.split('.')[1]}.${s.victim.token.split('.')[2]}`,
    ],
    [
      'HS512 with the server’s real secret',
      () => jwt({ alg: 'HS512', typ: 'JWT' }, victimClaims(), hmac('sha512', s.web.deps.jwtSecret)),
    ],
    [
      'HS384 with the server’s real secret',
      () => jwt({ alg: 'HS384', typ: 'JWT' }, victimClaims(), hmac('sha384', s.web.deps.jwtSecret)),
    ],
    [
      'RS256 with the attacker’s key embedded as jwk',
      () =>
        jwt({ alg: 'RS256', typ: 'JWT', jwk: attackerJwk }, victimClaims(), (input) =>
          sign('sha256', Buffer.from(input), attacker.privateKey).toString('base64url'),
        ),
    ],
    [
      'RS256 with a jku pointing at the attacker’s key set',
      () =>
        jwt({ alg: 'RS256', jku: 'https://evil.example/jwks.json' }, victimClaims(), (input) =>
          sign('sha256', Buffer.from(input), attacker.privateKey).toString('base64url'),
        ),
    ],
    [
      'HS256 keyed with the attacker’s public key (RS/HS confusion)',
      () => jwt({ alg: 'HS256', jwk: attackerJwk }, victimClaims(), hmac('sha256', attackerPem)),
    ],
    [
      'a kid pointing at an empty file, signed with an empty key',
      () => jwt({ alg: 'HS256', kid: '../../../../dev/null' }, victimClaims(), hmac('sha256', '')),
    ],
    ['not a JWT at all', () => 'not-a-jwt'],
    ['two parts only', () => s.victim.token.split('.').slice(0, 2).join('.')],
    ['a header that is not JSON', () => `${b64('{"alg":')}.${b64(victimClaims())}.x`],
  ];

  it.each(forgeries)('%s: 401 on every guarded route, and nothing written', async (_, forge) => {
    await refusedEverywhere(forge());
  });
});

describe('tokens signed with the real secret but bent (a leaked or replayed token)', () => {
  const signed = (claims: Record<string, unknown>) =>
    jwt({ alg: 'HS256', typ: 'JWT' }, claims, hmac('sha256', s.web.deps.jwtSecret));

  it.each<[string, () => Record<string, unknown>]>([
    ['expired a second ago', () => victimClaims({ exp: now() - 1 })],
    ['not valid before an hour from now (nbf)', () => victimClaims({ nbf: now() + 3600 })],
    [
      'without an expiry (would never expire)',
      () => {
        const { exp: _exp, ...rest } = victimClaims();
        return rest;
      },
    ],
    ['with its expiry as text', () => victimClaims({ exp: String(now() + 3600) })],
    ['with a subject that is not a text', () => victimClaims({ sub: 1 })],
    ['without a token id (cannot be revoked)', () => ({ ...victimClaims(), jti: undefined })],
    ['with a fractional generation', () => victimClaims({ gen: 0.5 })],
    ['from an older generation (before a password change)', () => victimClaims({ gen: -1 })],
    ['for a user that does not exist', () => victimClaims({ sub: randomUUID() })],
    ['for a user id that is SQL', () => victimClaims({ sub: "x' OR '1'='1" })],
  ])('%s: 401 everywhere', async (_, claims) => {
    await refusedEverywhere(signed(claims()));
  });

  it('a real token stops working once its lifetime has passed on the server’s clock', async () => {
    const token = await s.web.t.newToken(s.victim.user._id);
    s.web.t.clock.advance((TOKEN_TTL_SECONDS - 60) * 1000);
    expect((await call(s.web.base, 'GET', '/api/auth/me', { token })).status).toBe(200);
    s.web.t.clock.advance(120 * 1000);
    await refusedEverywhere(token);
  });
});

describe('revoked tokens', () => {
  it('logout ends that token on every route; the user’s other session stays signed in', async () => {
    const owner = await s.web.t.registerUser('homeowner');
    const other = await s.web.t.newToken(owner.user._id);
    expect(
      (await call(s.web.base, 'POST', '/api/auth/logout', { token: owner.token })).status,
    ).toBe(200);
    await refusedEverywhere(owner.token);
    // Logging out again with the ended token is refused too.
    expect(
      (await call(s.web.base, 'POST', '/api/auth/logout', { token: owner.token })).status,
    ).toBe(401);
    expect((await call(s.web.base, 'GET', '/api/auth/me', { token: other })).status).toBe(200);
  });

  it('a password change ends every earlier token (a thief’s copy too); only the new one works', async () => {
    const owner = await s.web.t.registerUser('homeowner', { password: 'first-password' });
    const stolen = await s.web.t.newToken(owner.user._id);
    const changed = await call<{ token: string }>(s.web.base, 'POST', '/api/auth/change-password', {
      token: owner.token,
      json: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(changed.status).toBe(200);
    await refusedEverywhere(stolen);
    await refusedEverywhere(owner.token);
    expect(
      (await call(s.web.base, 'GET', '/api/auth/me', { token: changed.body.token })).status,
    ).toBe(200);
  });
});

describe('malformed Authorization headers', () => {
  it.each<[string, string, string]>([
    ['Basic credentials', 'Basic YWRtaW46YWRtaW4=', NOT_BEARER],
    ['Bearer without a token', 'Bearer', NOT_BEARER],
    ['two tokens in one header', 'Bearer a.b.c d.e.f', NOT_BEARER],
    ['a token with a quote in it', 'Bearer "a.b.c"', NOT_BEARER],
    ['a token with SQL in it', "Bearer ' OR 1=1 --", NOT_BEARER],
    ['a 12 KB token', `Bearer ${'a'.repeat(12 * 1024)}`, ENDED],
  ])('%s: 401', async (_, authorization, message) => {
    const res = await call(s.web.base, 'GET', '/api/auth/me', { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message });
  });

  it('two Authorization headers (a live one and a forged one) are refused, not picked from', async () => {
    const forged = jwt({ alg: 'none' }, victimClaims(), unsigned);
    const live = await s.web.t.newToken(s.victim.user._id);
    for (const [first, second] of [
      [live, forged],
      [forged, live],
    ]) {
      const res = await rawRequest(
        s.web.port,
        `GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${first}\r\n` +
          `Authorization: Bearer ${second}\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status).toBe(401);
    }
  });

  it('a token anywhere but the Authorization header (query, cookie, other headers) is not read', async () => {
    const live = await s.web.t.newToken(s.victim.user._id);
    const elsewhere: { path: string; headers: Record<string, string> }[] = [
      { path: `/api/auth/me?token=${live}`, headers: {} },
      { path: `/api/auth/me?access_token=${live}`, headers: {} },
      { path: '/api/auth/me', headers: { cookie: `token=${live}` } },
      { path: '/api/auth/me', headers: { 'x-access-token': live } },
      { path: '/api/auth/me', headers: { 'proxy-authorization': `Bearer ${live}` } },
    ];
    for (const init of elsewhere) {
      const res = await call(s.web.base, 'GET', init.path, { headers: init.headers });
      expect(res.status, init.path).toBe(401);
      expect(res.body).toEqual({ message: MISSING });
    }
  });
});
