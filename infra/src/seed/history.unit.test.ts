import { describe, expect, it } from 'vitest';
import { decide } from '@rentals/core/listings/decide';
import { fold, initialState } from '@rentals/core/listings/state';
import type { ListingEvent } from '@rentals/core/listings/events';
import { testFields } from '@rentals/testing/listingFixtures';
import { CONFIRMED_WITHIN_DAYS, historyCommand, marketRent, planHistory } from './history.ts';
import { createRandom } from './random.ts';

const NOW = Date.UTC(2026, 10, 15);
const DAY = 86_400_000;

describe('a seeded year of history', () => {
  const histories = Array.from({ length: 300 }, (_, i) => {
    const random = createRandom(i);
    const createdAt = new Date(NOW - random.int(0, 365 * DAY)).toISOString();
    return {
      createdAt,
      ...planHistory(random, { createdAt, now: NOW, rent: 25000, yearly: false }),
    };
  });

  it('leaves every listing on the market, confirmed within the last days before now', () => {
    for (const h of histories) {
      let listed = true;
      let last = Date.parse(h.createdAt);
      for (const step of h.steps) {
        expect(Date.parse(step.at)).toBeGreaterThan(last);
        expect(Date.parse(step.at)).toBeLessThan(NOW);
        if (step.kind === 'delist') listed = false;
        if (step.kind === 'relist') listed = true;
        last = Date.parse(step.at);
      }
      expect(listed).toBe(true);
      expect(last).toBeGreaterThanOrEqual(NOW - CONFIRMED_WITHIN_DAYS * DAY);
      expect(Date.parse(h.end)).toBeGreaterThan(last);
      expect(Date.parse(h.end)).toBeLessThan(NOW);
    }
  });

  it('has rent changes, lettings and relistings, in round rupees', () => {
    const steps = histories.flatMap((h) => h.steps);
    expect(steps.filter((s) => s.kind === 'delist').length).toBeGreaterThan(20);
    expect(steps.filter((s) => s.kind === 'relist').length).toBeGreaterThan(20);
    const rents = steps.flatMap((s) => (s.kind === 'rent' ? [s.rent] : []));
    expect(rents.length).toBeGreaterThan(300);
    expect(rents.every((r) => r % 500 === 0)).toBe(true);
  });

  it('follows the market: dearer in the moving season and towards now', () => {
    const june = Date.UTC(2026, 5, 15);
    const january = Date.UTC(2026, 0, 15);
    expect(marketRent(25000, june, NOW)).toBeGreaterThan(marketRent(25000, january, NOW));
    expect(marketRent(25000, NOW - 365 * DAY, NOW)).toBeLessThan(marketRent(25000, NOW, NOW));
  });

  it('is decided by the domain, step by step', () => {
    const actor = { id: 'owner-1', role: 'homeowner' as const };
    const h = histories.find((x) => x.steps.some((s) => s.kind === 'relist'))!;
    let events: ListingEvent[] = decide(
      {
        type: 'CreateListing',
        listingId: 'l-1',
        actor,
        owner: { name: 'Asha', role: 'homeowner' },
        emailVerified: true,
        fields: testFields({ rent: h.openingRent }),
        images: [],
        at: h.createdAt,
      },
      initialState,
    );
    for (const step of h.steps)
      events = [...events, ...decide(historyCommand(step, actor, fold(events)), fold(events))];
    const types = new Set(events.map((e) => e.type));
    expect(types).toEqual(
      new Set(['ListingCreated', 'ListingRentChanged', 'ListingDelisted', 'ListingRelisted']),
    );
    const state = fold(events);
    expect(state.status === 'active' && state.listing.isAvailable).toBe(true);
  });
});
