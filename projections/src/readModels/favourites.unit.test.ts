import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { listingCreated } from '@rentals/testing/listingFixtures';
import { favouritesReadModel } from './favourites.ts';

const recorded = (
  type: string,
  data: Record<string, unknown>,
  position: number,
): RecordedEvent => ({
  type,
  data,
  streamId: `s-${position}`,
  streamVersion: 1,
  position,
  transactionId: '1',
  metadata: {},
  recordedAt: new Date(0),
});

describe('the favourites read model', () => {
  const created = listingCreated('l-1');
  const at = '2026-03-01T00:00:00.000Z';

  it('keeps a deleted listing as a state, never deleting the favourite', () => {
    const statements = favouritesReadModel.evolve(
      recorded('ListingDeleted', { listingId: 'l-1', at, city: 'Pune', imageIds: [] }, 2),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]!.text).toMatch(/^UPDATE favourite_listings SET state = \$1/);
    expect(statements[0]!.values).toEqual(['deleted', 'l-1']);
  });

  it('applies a batch as the same statements, creations first', () => {
    const events = [
      recorded(created.type, created.data, 1),
      recorded('ListingFavourited', { userId: 'u-1', listingId: 'l-1', at }, 2),
      recorded('ListingDelisted', { listingId: 'l-1', at, city: 'Bengaluru' }, 3),
    ];
    const batch = favouritesReadModel.evolveBatch!(events).map((s) => s.text.split(' ')[0]);
    expect(batch).toEqual(['INSERT', 'INSERT', 'UPDATE']);
    expect(favouritesReadModel.evolveBatch!(events).slice(1)).toEqual(
      events.slice(1).flatMap((e) => favouritesReadModel.evolve(e)),
    );
  });

  it('changes nothing for a revision that leaves the title alone', () => {
    expect(
      favouritesReadModel.evolve(
        recorded(
          'ListingDetailsRevised',
          { listingId: 'l-1', at, description: 'New words here' },
          4,
        ),
      ),
    ).toEqual([]);
  });
});
