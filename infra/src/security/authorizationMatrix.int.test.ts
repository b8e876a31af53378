import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@rentals/api/access/roles';
import { ROLES_FOR, ROUTE_TABLE, type RouteRule } from '@rentals/api/access/routeTable';
import { testAppWithUsers } from '@rentals/testing/testApp';

/**
 * Every /api route × {visitor, tenant, homeowner, broker, admin}: a caller the
 * table admits is never answered 401/403; a visitor on a protected route gets
 * 401; a signed-in caller whose role is not admitted gets 403. Requests carry
 * no body and made-up ids, so admitted callers typically see 400 or 404 —
 * what matters here is that access is decided, and decided first.
 */
const CALLERS = ['visitor', 'tenant', 'homeowner', 'broker', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const concretePath = (path: string) => path.replace(/:[A-Za-z]+/g, MADE_UP_ID);

const expectedFor = (rule: RouteRule, caller: Caller): 'allowed' | 401 | 403 => {
  const roles = ROLES_FOR[rule.access];
  if (roles === null) return 'allowed';
  if (caller === 'visitor') return 401;
  return roles.includes(caller) ? 'allowed' : 403;
};

/** Routes that answer a never-ending stream: only the status and, when refused, the body are read. */
const STREAMS = new Set(['/api/conversations/stream']);

const s = testAppWithUsers({});

const openAndClose = async (path: string, token: string | undefined) => {
  const response = await s.t.app.handle(
    new Request(`http://localhost${path}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    }),
  );
  const refused = response.status === 401 || response.status === 403;
  const body = refused ? await response.json() : null;
  if (!refused) await response.body?.cancel();
  return { status: response.status, body };
};
const userIds = new Map<Role, string>();

beforeAll(async () => {
  for (const role of ['tenant', 'homeowner', 'broker', 'admin'] as const)
    userIds.set(role, (await s.t.registerUser(role)).user._id);
});

describe('route table', () => {
  it('has exactly one row for every route the app serves under /api', () => {
    const served = s.t.app.routes
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path}`);
    const declared = ROUTE_TABLE.map((r) => `${r.method} ${r.path}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...served].sort()).toEqual([...declared].sort());
  });
});

describe.each(
  ROUTE_TABLE.map((rule) => [`${rule.method} ${rule.path} (${rule.access})`, rule] as const),
)('%s', (_name, rule) => {
  it.each(CALLERS.map((caller) => [caller, expectedFor(rule, caller)] as const))(
    '%s → %s',
    async (caller, expected) => {
      // A fresh token per request: some routes (logout) end the token they are called with.
      const userId = caller === 'visitor' ? undefined : userIds.get(caller);
      const token = userId === undefined ? undefined : await s.t.newToken(userId);
      const response = STREAMS.has(rule.path)
        ? await openAndClose(concretePath(rule.path), token)
        : await s.t.request<{ message?: unknown }>(rule.method, concretePath(rule.path), { token });
      if (expected === 'allowed') {
        expect(response.status, JSON.stringify(response.body)).not.toBe(401);
        expect(response.status, JSON.stringify(response.body)).not.toBe(403);
      } else {
        expect(response.status).toBe(expected);
        expect(response.body).toEqual({ message: expect.stringMatching(/\S/) as unknown });
      }
    },
  );
});
