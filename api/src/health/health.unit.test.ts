import { describe, expect, it } from 'vitest';
import { etaSeconds } from '@rentals/projections/queries/readSideHealth';
import { httpStatusOf, isLoopback, publicSiteEta } from './health.ts';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])(
    '%s is this machine',
    (address) => expect(isLoopback(address)).toBe(true),
  );
  it.each([
    null,
    '',
    '10.0.0.1',
    '203.0.113.7',
    '::ffff:10.0.0.1',
    'fe80::1',
    '1127.0.0.1',
    '127.0.0.1.evil',
  ])('%s is not', (address) => expect(isLoopback(address)).toBe(false));
});

describe('httpStatusOf', () => {
  it('keeps a degraded instance in a load balancer and takes out one that is down', () => {
    expect(httpStatusOf('ok')).toBe(200);
    expect(httpStatusOf('degraded')).toBe(200);
    expect(httpStatusOf('down')).toBe(503);
  });
});

describe('time left to catch up', () => {
  it('is the lag at the recent rate, 0 when caught up, unknown when behind and not moving', () => {
    expect(etaSeconds(0, null)).toBe(0);
    expect(etaSeconds(200_000, 4000)).toBe(50);
    expect(etaSeconds(10, 3)).toBe(4);
    expect(etaSeconds(500, 0)).toBeNull();
    expect(etaSeconds(500, null)).toBeNull();
  });

  it('for the static pages: the slower source model, then one run as long as the last', () => {
    const site = { pendingCities: 3, pendingListings: 900, lagSeconds: 12, lastRunAt: null };
    const sources = (a: number | null, b: number | null) => [
      { name: 'public-listing-model', etaSeconds: a },
      { name: 'public-site-dirty-cities', etaSeconds: b },
      { name: 'listings-search-index', etaSeconds: 999 },
    ];
    expect(publicSiteEta({ ...site, lastRunSeconds: 7.2 }, sources(20, 5))).toBe(28);
    expect(publicSiteEta({ ...site, lastRunSeconds: 7.2 }, sources(0, 0))).toBe(8);
    expect(publicSiteEta({ ...site, lastRunSeconds: null }, sources(0, 0))).toBeNull();
    expect(publicSiteEta({ ...site, lastRunSeconds: 7 }, sources(null, 0))).toBeNull();
    expect(
      publicSiteEta(
        { ...site, pendingCities: 0, pendingListings: 0, lastRunSeconds: null },
        sources(0, 0),
      ),
    ).toBe(0);
  });
});
