import { describe, expect, it } from 'vitest';
import { testDatabaseWithStore } from '@rentals/testing/testDatabase';
import { ConcurrencyError } from '@rentals/core/errors';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import {
  LISTING_STREAM_TYPE,
  listingStreamId,
  type ListingEvent,
} from '@rentals/core/listings/events';
import type { ListingState } from '@rentals/core/listings/state';

const env = testDatabaseWithStore();

const at = '2026-01-01T00:00:00.000Z';
const verified = (listingId: string): ListingEvent => ({
  type: 'ListingVerified',
  data: { listingId, at },
});
const delisted = (listingId: string): ListingEvent => ({
  type: 'ListingDelisted',
  data: { listingId, at, city: 'Pune' },
});

/** A decision that, the first time it runs, lets another writer append first: a real race, made deterministic. */
const racingDecision = (listingId: string, seen: ListingState['status'][]) => {
  let first = true;
  return async (state: ListingState) => {
    seen.push(state.status);
    if (first) {
      first = false;
      await env.store.append(listingStreamId(listingId), LISTING_STREAM_TYPE, 'any', [
        verified(listingId),
      ]);
    }
    return [delisted(listingId)];
  };
};

describe('listing command handler', () => {
  it('retries a write that lost a race once, on fresh state, when no version was given', async () => {
    const handler = listingCommandHandler(env.store);
    const seen: ListingState['status'][] = [];
    const outcome = await handler.handle('race-1', racingDecision('race-1', seen), {
      userId: 'u-1',
    });
    expect(seen).toHaveLength(2);
    expect(outcome.version).toBe(2);
    const { events } = await env.store.readStream(listingStreamId('race-1'));
    expect(events.map((e) => [e.type, e.metadata.userId ?? null])).toEqual([
      ['ListingVerified', null],
      ['ListingDelisted', 'u-1'],
    ]);
  });

  it('answers 409 without retrying when the caller sent the version it read', async () => {
    const handler = listingCommandHandler(env.store);
    const seen: ListingState['status'][] = [];
    const attempt = handler.handle('race-2', racingDecision('race-2', seen), {
      userId: 'u-1',
      expectedVersion: 0,
    });
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    expect(seen).toHaveLength(1);
    expect(
      (await env.store.readStream(listingStreamId('race-2'))).events.map((e) => e.type),
    ).toEqual(['ListingVerified']);
  });

  it('appends nothing when the decision produces no events', async () => {
    const handler = listingCommandHandler(env.store);
    const outcome = await handler.handle('quiet', () => [], { userId: 'u-1' });
    expect(outcome).toMatchObject({ version: 0, events: [] });
    expect((await env.store.readStream(listingStreamId('quiet'))).version).toBe(0);
  });
});
