import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { dirtyCitiesProjection } from './dirtyCities.ts';

const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  type,
  data: { listingId: 'l1', at: '2026-01-01T00:00:00.000Z', ...data },
  streamId: 'listing-l1',
  streamVersion: 2,
  position: 42,
  transactionId: '777',
  metadata: {},
  recordedAt: new Date(0),
});

const evolve = (type: string, data: Record<string, unknown> = {}) =>
  dirtyCitiesProjection.canHandle.includes(type)
    ? dirtyCitiesProjection.evolve(recorded(type, data))
    : [];

const marksCity = (statements: { text: string; values: unknown[] }[]) =>
  statements.filter((s) => s.text.includes('INSERT INTO public_site_dirty_cities'));

describe('dirty-cities projection', () => {
  it('ignores what never reaches a public page: photo captions', () => {
    expect(dirtyCitiesProjection.canHandle).not.toContain('ListingImageCaptioned');
  });

  it("marks only the city for a rent change: its page's median rents, not the listing's page", () => {
    const statements = evolve('ListingRentChanged', { rent: 27000, previousRent: 30000 });
    expect(marksCity(statements)).toHaveLength(1);
    expect(statements.some((s) => s.text.includes('public_site_dirty_listings'))).toBe(false);
  });

  it('ignores revisions of restricted fields only (facilities, contact preferences)', () => {
    expect(evolve('ListingDetailsRevised', { facilities: { wifi: true } })).toEqual([]);
    expect(
      evolve('ListingDetailsRevised', { contactInfo: { showPhone: false, showEmail: true } }),
    ).toEqual([]);
  });

  it('marks the city and the listing with the event position for a public revision', () => {
    const statements = evolve('ListingDetailsRevised', { title: 'New title' });
    expect(marksCity(statements)).toHaveLength(1);
    expect(statements.some((s) => s.text.includes('public_site_dirty_listings'))).toBe(true);
    expect(marksCity(statements)[0]!.values).toEqual(expect.arrayContaining(['777', 42]));
    expect(statements.at(-1)!.text).toContain('pg_notify');
  });

  it('marks the listing when its tenancy terms change (some show on its public page)', () => {
    const statements = evolve('ListingDetailsRevised', { tenancy: { food: 'vegetarian' } });
    expect(statements.some((s) => s.text.includes('public_site_dirty_listings'))).toBe(true);
  });

  it('marks both the old and the new city when a listing moves', () => {
    const statements = evolve('ListingLocationChanged', {
      previousCity: 'Pune',
      location: { city: 'Mumbai', area: 'x', pinCode: '400001', address: 'y', coordinates: null },
    });
    // The old city by lookup and by name (in case the lookup is gone), then the new one.
    expect(marksCity(statements)).toHaveLength(3);
    expect(statements.some((s) => s.values.includes('Pune'))).toBe(true);
    expect(statements.some((s) => s.values.includes('Mumbai'))).toBe(true);
  });

  it('marks the named city on delist, relist and delete', () => {
    for (const type of ['ListingDelisted', 'ListingRelisted', 'ListingDeleted']) {
      const statements = evolve(type, { city: 'Pune', imageIds: [] });
      expect(marksCity(statements)[0]!.values).toContain('Pune');
    }
  });
});
