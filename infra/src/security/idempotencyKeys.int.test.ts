// Security checklist: the Idempotency-Key header (issue 39). Attacks: malformed keys (oversized,
// control characters, two keys folded into one, non-ASCII) on every write route, refused at the
// edge before access, body or database; and a key reused by another account, which must never
// answer that account another's stored outcome (keys are per account) nor block its own work.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '@rentals/api/access/routeTable';
import { KEY_RULE, MESSAGES, REPLAYED_HEADER } from '@rentals/api/idempotency/model';
import { testAppWithUsers, type TestUser } from '@rentals/testing/testApp';

const s = testAppWithUsers({ alice: 'tenant', mallory: 'tenant' });

type SavedSearch = { savedSearch: { id: string; name: string } };
type List = { savedSearches: { id: string; name: string }[] };

const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const WRITES = ROUTE_TABLE.filter((r) => r.method !== 'GET');

const BAD_KEYS: [string, string][] = [
  ['oversized', 'k'.repeat(129)],
  ['very large', 'k'.repeat(7000)],
  ['too short', 'abc'],
  ['with a control character', 'key\u0001with-control'],
  ['with a tab', 'key\twith-a-tab'],
  ['two keys folded into one', `${randomUUID()}, ${randomUUID()}`],
  ['non-ASCII', 'clé-clé-clé-clé'],
  ['with a quote', 'key"or"1=1--'],
];

describe('a malformed Idempotency-Key', () => {
  it.each(BAD_KEYS)('%s: every write route answers 400 naming the header', async (_what, key) => {
    for (const rule of WRITES) {
      const path = rule.path.replace(/:[A-Za-z]+/g, MADE_UP_ID);
      const res = await s.t.request<{ message: string; errors: unknown }>(rule.method, path, {
        token: s.alice.token,
        json: {},
        headers: { 'idempotency-key': key },
      });
      expect({ route: `${rule.method} ${rule.path}`, status: res.status, body: res.body }).toEqual({
        route: `${rule.method} ${rule.path}`,
        status: 400,
        body: {
          message: 'Validation failed',
          errors: [{ path: 'Idempotency-Key', msg: KEY_RULE }],
        },
      });
    }
    // Nothing about the key reached the database.
    expect(await s.t.db.sql`SELECT 1 FROM idempotency_keys WHERE key = ${key}`).toHaveLength(0);
  });
});

describe('a key reused by another account', () => {
  // A name of its own per key: the same search twice is refused as a duplicate.
  const bodyFor = (key: string) => ({
    name: `Flat hunt ${key.slice(0, 8)}`,
    filters: { city: 'Pune' },
    alert: 'daily',
  });
  const save = (user: TestUser, key: string, sent: unknown = bodyFor(key)) =>
    s.t.request<SavedSearch & { message?: string }>('POST', '/api/saved-searches', {
      token: user.token,
      json: sent,
      headers: { 'idempotency-key': key },
    });

  it("never answers another account's stored outcome, and does that account's own work", async () => {
    const key = randomUUID();
    const hers = await save(s.alice, key);
    expect(hers.status).toBe(201);
    // Same key, same body: Mallory gets a search of her own, not Alice's answer.
    const his = await save(s.mallory, key);
    expect(his.status).toBe(201);
    expect(his.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(his.body.savedSearch.id).not.toBe(hers.body.savedSearch.id);
    const listed = await s.t.request<List>('GET', '/api/saved-searches', {
      token: s.mallory.token,
    });
    expect(listed.body.savedSearches.map((s) => s.id)).toEqual([his.body.savedSearch.id]);
    // Alice's retry still answers her own first outcome.
    const again = await save(s.alice, key);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(hers.body);
  });

  it("is not refused for a different body when only another account used it (no probing others' keys)", async () => {
    const key = randomUUID();
    expect((await save(s.alice, key)).status).toBe(201);
    const probe = await save(s.mallory, key, { ...bodyFor(key), name: 'Probe' });
    expect(probe.status).toBe(201);
    expect(probe.body.message).not.toBe(MESSAGES.conflict);
  });

  it('answers the first outcome to the same account on a new session (the key is the account’s)', async () => {
    const key = randomUUID();
    const first = await save(s.alice, key);
    const other = await s.t.request<SavedSearch>('POST', '/api/saved-searches', {
      token: await s.t.newToken(s.alice.user._id),
      json: bodyFor(key),
      headers: { 'idempotency-key': key },
    });
    expect(other.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(other.body).toEqual(first.body);
  });
});
