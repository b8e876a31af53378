import { describe, expect, it } from 'vitest';
import { appEventRegistry } from '../eventRegistry.ts';
import type { RecordedEvent } from '../eventStore/types.ts';
import { toPropertyDocument } from './document.ts';
import type { ListingEvent } from './events.ts';
import { noFacilities } from './listing.ts';
import { sampleCreated, sampleFields, SAMPLE_T0 } from './sampleListing.ts';
import { fold } from './state.ts';

/** An event as version 1 recorded it: all twelve facility flags beside the terms. */
const recordedV1 = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  type,
  data,
  streamId: 'listing-l-1',
  streamVersion: 1,
  position: 1,
  transactionId: '1',
  metadata: { schemaVersion: 1 },
  recordedAt: new Date(0),
});

const { data: v2 } = sampleCreated() as Extract<ListingEvent, { type: 'ListingCreated' }>;
/** The sample listing's creation as version 1 recorded it, with these flags and terms. */
const createdV1 = (flags: Record<string, boolean>, tenancy?: Record<string, unknown>) => {
  const { tenancy: _none, ...data } = v2;
  return recordedV1('ListingCreated', {
    ...data,
    facilities: { ...noFacilities(), ...flags },
    ...(tenancy ? { tenancy } : {}),
  });
};

const upcast = (event: RecordedEvent) => {
  const current = appEventRegistry.upcast(event);
  appEventRegistry.assertValid(current);
  return current;
};
const documentOf = (...events: RecordedEvent[]) =>
  toPropertyDocument(fold(events.map((e) => upcast(e) as unknown as ListingEvent)))!;

describe('old listing events upcast: the flags become terms', () => {
  it('gives a creation with furnished and no furnishing the smallest furnishing', () => {
    const event = upcast(createdV1({ furnished: true, wifi: true }));
    expect(event.metadata.schemaVersion).toBe(2);
    expect(event.data.tenancy).toEqual({ furnishing: 'semi-furnished' });
    expect(event.data.facilities).not.toHaveProperty('furnished');
    expect(documentOf(createdV1({ furnished: true, wifi: true })).facilities).toMatchObject({
      furnished: true,
      wifi: true,
      parking: false,
    });
  });

  it('lets the term win over a flag that contradicts it', () => {
    const old = createdV1(
      { furnished: true, parking: false, petFriendly: true },
      { furnishing: 'unfurnished', parking: 'car', petsAllowed: false },
    );
    expect(upcast(old).data.tenancy).toEqual({
      furnishing: 'unfurnished',
      parking: 'car',
      petsAllowed: false,
    });
    expect(documentOf(old).facilities).toMatchObject({
      furnished: false,
      parking: true,
      petFriendly: false,
    });
  });

  it('gives no terms to a creation whose three flags are off', () => {
    const event = upcast(createdV1({ wifi: true }));
    expect(event.data).not.toHaveProperty('tenancy');
    expect(Object.keys(event.data.facilities as object)).toHaveLength(9);
  });

  it('applies the rule to an edit that gave terms, and drops the flags of one that did not', () => {
    const base = { listingId: 'l-1', at: SAMPLE_T0 };
    const withTerms = recordedV1('ListingDetailsRevised', {
      ...base,
      facilities: { ...sampleFields.facilities, parking: true, petFriendly: true },
      tenancy: { petsAllowed: false },
    });
    expect(upcast(withTerms).data).toEqual({
      ...base,
      facilities: expect.not.objectContaining({ parking: true }) as unknown,
      tenancy: { petsAllowed: false, parking: 'two-wheeler' },
    });
    const flagsOnly = recordedV1('ListingDetailsRevised', {
      ...base,
      facilities: { ...sampleFields.facilities, furnished: true, gym: true },
    });
    const data = upcast(flagsOnly).data;
    expect(data).not.toHaveProperty('tenancy');
    expect(data.facilities).toMatchObject({ gym: true });
    expect(data.facilities).not.toHaveProperty('furnished');
    // An edit of the other fields only is as it was.
    const retitled = recordedV1('ListingDetailsRevised', {
      ...base,
      title: 'Sunny 2BHK, renovated',
    });
    expect(upcast(retitled).data).toEqual(retitled.data);
  });
});
