// Security checklist: the search rate (SEARCHES_PER_SECOND) on the list, the visitor list and
// the map. Attacks: scraping every listing page by page, or one client taking the search
// engine for itself; dodging the limit by switching endpoint, address or (for a signed-in
// user) by signing in from elsewhere.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { searchRateMessage } from '@rentals/api/properties/searchRate';
import { testApp, TEST_CLIENT_IP_HEADER, type TestApp } from '@rentals/testing/testApp';

const PER_SECOND = 1;
/** Six seconds' worth at once (searchRate.ts); the app's clock stands still, so nothing refills. */
const BURST = 6 * PER_SECOND;

let t: TestApp;
const stoppedAt = Date.now();
beforeAll(async () => {
  const index = `listings_rate_${randomBytes(4).toString('hex')}`;
  t = await testApp({
    deps: {
      meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index },
      searchRate: { perSecond: PER_SECOND },
      // However slow the machine, no search is refilled between the ones a test makes.
      clock: () => new Date(stoppedAt),
    },
  });
});
afterAll(() => t.close());

let nextAddress = 0;
const newAddress = () => `203.0.113.${++nextAddress}`;

const LIST = '/api/properties?city=Pune';
const VISITOR_LIST = '/api/properties/public?city=Pune';
const MAP = '/api/properties/map?bbox=73.7,18.4,74.0,18.7&zoom=11';

const search = (path: string, address: string, token?: string) =>
  t.request<{ message?: string }>('GET', path, {
    token,
    headers: { [TEST_CLIENT_IP_HEADER]: address },
  });

const expectRefused = (response: Awaited<ReturnType<typeof search>>) => {
  expect(response.status).toBe(429);
  expect(response.body.message).toBe(searchRateMessage(1));
  expect(response.headers.get('retry-after')).toBe('1');
};

describe('visitors: counted by address, across the list and the map', () => {
  it('answers 429 with Retry-After once the burst is spent, on either endpoint', async () => {
    const address = newAddress();
    for (let i = 0; i < BURST; i++)
      expect((await search(i % 2 ? MAP : VISITOR_LIST, address)).status).toBe(200);
    expectRefused(await search(VISITOR_LIST, address));
    expectRefused(await search(MAP, address));
  });

  it('another address is not held back', async () => {
    const busy = newAddress();
    for (let i = 0; i < BURST + 1; i++) await search(VISITOR_LIST, busy);
    expect((await search(VISITOR_LIST, newAddress())).status).toBe(200);
  });
});

describe('signed-in users: counted by account, wherever they search from', () => {
  it('changing address does not reset the allowance; another user on the same address is not held back', async () => {
    const scraper = await t.registerUser('tenant');
    const neighbour = await t.registerUser('tenant');
    const shared = newAddress();
    for (let i = 0; i < BURST; i++)
      expect((await search(i % 2 ? MAP : LIST, shared, scraper.token)).status).toBe(200);
    expectRefused(await search(LIST, shared, scraper.token));
    expectRefused(await search(LIST, newAddress(), scraper.token));
    expectRefused(await search(MAP, newAddress(), scraper.token));
    expect((await search(LIST, shared, neighbour.token)).status).toBe(200);
  });
});
