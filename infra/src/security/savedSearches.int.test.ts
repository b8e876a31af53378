// Security checklist: saved searches. Attacks: reading or changing another user's saved searches
// (IDOR: every command runs on the caller's own stream, ids smuggled in the query, body or headers
// are ignored), oversized and malformed input (bounded name, filters, drawn area; unknown fields),
// and flooding the event log with changes (rate limit) or with searches (per-user bound).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SAVED_SEARCH_CHANGE_LIMIT,
  savedSearchBodyMessages,
} from '@rentals/api/savedSearches/model';
import { MAX_POLYGON_VERTICES } from '@rentals/core/geo/polygon';
import { savedSearchMessages } from '@rentals/core/savedSearches/savedSearches';
import { unsubscribeLink } from '@rentals/core/savedSearches/unsubscribeToken';
import { testAppWithUsers, TEST_CLIENT_IP_HEADER } from '@rentals/testing/testApp';

const s = testAppWithUsers({ alice: 'tenant', mallory: 'tenant' });
let aliceSearch: string;

type Errors = { message: string; errors?: { path: string; msg: string }[] };
type List = { savedSearches: { id: string; name: string }[] };
const body = { name: 'Alice’s flat hunt', filters: { city: 'Pune' }, alert: 'daily' };

beforeAll(async () => {
  const res = await s.t.request<{ savedSearch: { id: string } }>('POST', '/api/saved-searches', {
    token: s.alice.token,
    json: body,
  });
  aliceSearch = res.body.savedSearch.id;
});

describe('saved searches: another user’s', () => {
  it('cannot be listed by naming the user anywhere', async () => {
    const res = await s.t.request<List>('GET', `/api/saved-searches?userId=${s.alice.user._id}`, {
      token: s.mallory.token,
      headers: { 'x-user-id': s.alice.user._id },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(aliceSearch);
  });

  it('cannot be edited, paused, resumed, marked seen or deleted: 404, and nothing changes', async () => {
    const path = `/api/saved-searches/${aliceSearch}`;
    for (const [method, suffix] of [
      ['PUT', ''],
      ['POST', '/pause'],
      ['POST', '/resume'],
      ['POST', '/seen'],
      ['DELETE', ''],
    ] as const) {
      const res = await s.t.request<Errors>(method, `${path}${suffix}`, {
        token: s.mallory.token,
        json: { ...body, name: 'pwned', userId: s.alice.user._id },
      });
      expect(res.status, `${method} ${suffix}`).toBe(method === 'PUT' ? 400 : 404);
    }
    // Without the smuggled field the edit is well formed, and still not found.
    const edit = await s.t.request<Errors>('PUT', path, { token: s.mallory.token, json: body });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe(savedSearchMessages.notFound);
    const own = await s.t.request<List>('GET', '/api/saved-searches', { token: s.alice.token });
    expect(own.body.savedSearches).toEqual([
      expect.objectContaining({ id: aliceSearch, name: body.name, paused: false }),
    ]);
  });

  it('is not there for visitors or bad tokens', async () => {
    expect((await s.t.request('GET', '/api/saved-searches')).status).toBe(401);
    expect((await s.t.request('GET', '/api/saved-searches', { token: 'x.y.z' })).status).toBe(401);
    expect(
      (await s.t.request('DELETE', `/api/saved-searches/${aliceSearch}`, { token: 'x.y.z' }))
        .status,
    ).toBe(401);
  });
});

describe('saved searches: input', () => {
  it('refuses unknown fields, oversized text and a drawn area with too many points', async () => {
    const points = Array.from({ length: MAX_POLYGON_VERTICES + 1 }, (_, i) => [
      77 + i / 1000,
      12 + (i % 7) / 100,
    ]);
    const res = await s.t.request<Errors>('POST', '/api/saved-searches', {
      token: s.mallory.token,
      json: {
        name: 'n',
        filters: { q: 'x'.repeat(201), city: 'a\u0000b', isAdmin: true },
        area: { kind: 'polygon', points },
        alert: 'instant',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'area', msg: savedSearchBodyMessages.area },
        expect.objectContaining({ path: 'filters.q' }),
        expect.objectContaining({ path: 'filters.city' }),
      ]),
    );
    for (const json of [[], 'text', null, { name: 'n', alert: 'instant', filters: [] }]) {
      const bad = await s.t.request<Errors>('POST', '/api/saved-searches', {
        token: s.mallory.token,
        json,
      });
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(bad.body.message).toBe('Validation failed');
    }
  });

  it('malformed ids are 404, never 500', async () => {
    for (const id of ['..%2f..%2fetc', 'a'.repeat(65), "x'--", '%00'])
      expect(
        (await s.t.request('POST', `/api/saved-searches/${id}/pause`, { token: s.mallory.token }))
          .status,
        id,
      ).toBe(404);
  });
});

describe('saved searches: the unsubscribe link', () => {
  it('needs the token signed for that user and search: forged, moved or oversized links are 404', async () => {
    const own = unsubscribeLink('', s.t.deps.jwtSecret, s.mallory.user._id, aliceSearch);
    const moved = own.replace(`u=${s.mallory.user._id}`, `u=${s.alice.user._id}`);
    const forged = unsubscribeLink(
      '',
      'not-the-server-secret-but-long-enough',
      s.alice.user._id,
      aliceSearch,
    );
    // Signed for Mallory, it acts on Mallory's own searches only: Alice's is not among them.
    expect((await s.t.request('GET', own)).status).toBe(200);
    for (const path of [
      moved,
      forged,
      `/api/saved-searches/unsubscribe?u=${s.alice.user._id}&s=${aliceSearch}`,
      `/api/saved-searches/unsubscribe?u=${'a'.repeat(5000)}&s=${aliceSearch}&t=x`,
      '/api/saved-searches/unsubscribe',
    ])
      expect((await s.t.request('GET', path)).status, path.slice(0, 80)).toBe(404);
    const list = await s.t.request<{ savedSearches: { alert: string }[] }>(
      'GET',
      '/api/saved-searches',
      {
        token: s.alice.token,
      },
    );
    expect(list.body.savedSearches[0]?.alert).toBe('daily');
  });

  it('escapes the search name in the page it answers', async () => {
    const user = await s.t.registerUser('tenant');
    const created = await s.t.request<{ savedSearch: { id: string } }>(
      'POST',
      '/api/saved-searches',
      {
        token: user.token,
        json: { ...body, name: '<script>alert(1)</script>' },
      },
    );
    const res = await s.t.request<string>(
      'POST',
      unsubscribeLink('', s.t.deps.jwtSecret, user.user._id, created.body.savedSearch.id),
    );
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('<script>');
  });
});

describe('saved searches: flooding', () => {
  it(`changes are limited to ${SAVED_SEARCH_CHANGE_LIMIT.perSubject} a minute per account`, async () => {
    const user = await s.t.registerUser('tenant');
    const headers = { [TEST_CLIENT_IP_HEADER]: '203.0.113.77' };
    const created = await s.t.request<{ savedSearch: { id: string } }>(
      'POST',
      '/api/saved-searches',
      { token: user.token, headers, json: body },
    );
    const path = `/api/saved-searches/${created.body.savedSearch.id}`;
    for (let i = 1; i < SAVED_SEARCH_CHANGE_LIMIT.perSubject; i++)
      expect(
        (
          await s.t.request('POST', `${path}/${i % 2 ? 'pause' : 'resume'}`, {
            token: user.token,
            headers,
          })
        ).status,
      ).toBe(200);
    const over = await s.t.request<Errors>('POST', `${path}/pause`, { token: user.token, headers });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(savedSearchBodyMessages.tooMany);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
