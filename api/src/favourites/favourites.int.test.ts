import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { appendListingEvents, listingCreated, nextTime } from '@rentals/testing/listingFixtures';
import { testAppWithUsers } from '@rentals/testing/testApp';
import { favouriteStreamId } from '@rentals/core/favourites/events';
import type { FavouriteDocument as Favourite } from '@rentals/core/contract/favourite';

/**
 * Favourites through the API on real Postgres: the commands become events on
 * the user's favourite streams, the favourites projection builds each user's
 * list, and a listing that is delisted or deleted stays in it as 'no longer
 * available'.
 */
const s = testAppWithUsers({ tenant: 'tenant' });

type List = { favourites: Favourite[]; counts: { available: number; unavailable: number } };

const put = (id: string, user = s.tenant) =>
  s.t.request<{ listingId: string; favourite: boolean }>('PUT', `/api/favourites/${id}`, {
    token: user.token,
  });
const remove = (id: string, user = s.tenant) =>
  s.t.request('DELETE', `/api/favourites/${id}`, { token: user.token });
const list = async (query = '', user = s.tenant) => {
  await catchUpReadModels(s.t.db.sql);
  const res = await s.t.request<List>('GET', `/api/favourites${query}`, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  for (const id of ['fav-a', 'fav-b', 'fav-c'])
    await appendListingEvents(s.t.deps.eventStore, id, [
      listingCreated(id, { fields: { title: `Flat ${id}` } }),
    ]);
});

describe('favourites', () => {
  it('a heart adds the listing once, however often it is sent', async () => {
    expect((await put('fav-a')).body).toEqual({ listingId: 'fav-a', favourite: true });
    expect((await put('fav-a')).status).toBe(200);
    const { events } = await s.t.deps.eventStore.readStream(
      favouriteStreamId(s.tenant.user._id, 'fav-a'),
    );
    expect(events.map((e) => e.type)).toEqual(['ListingFavourited']);
    const { favourites, counts } = await list();
    expect(favourites.map((f) => [f.listingId, f.available, f.property?._id])).toEqual([
      ['fav-a', true, 'fav-a'],
    ]);
    expect(counts).toEqual({ available: 1, unavailable: 0 });
    const ids = await s.t.request<{ listingIds: string[] }>('GET', '/api/favourites/ids', {
      token: s.tenant.token,
    });
    expect(ids.body.listingIds).toEqual(['fav-a']);
  });

  it('a delisted favourite stays, no longer available, and the filter tells them apart', async () => {
    await put('fav-b');
    await appendListingEvents(s.t.deps.eventStore, 'fav-b', [
      { type: 'ListingDelisted', data: { listingId: 'fav-b', at: nextTime(), city: 'Bengaluru' } },
    ]);
    const all = await list();
    expect(all.favourites.map((f) => [f.listingId, f.available])).toEqual([
      ['fav-b', false],
      ['fav-a', true],
    ]);
    expect(all.counts).toEqual({ available: 1, unavailable: 1 });
    expect((await list('?filter=unavailable')).favourites.map((f) => f.listingId)).toEqual([
      'fav-b',
    ]);
    expect((await list('?filter=available')).favourites.map((f) => f.listingId)).toEqual(['fav-a']);
    await appendListingEvents(s.t.deps.eventStore, 'fav-b', [
      { type: 'ListingRelisted', data: { listingId: 'fav-b', at: nextTime(), city: 'Bengaluru' } },
    ]);
    expect((await list('?filter=available')).counts).toEqual({ available: 2, unavailable: 0 });
  });

  it('a deleted listing stays with its last title and no document, and can still be removed', async () => {
    await put('fav-c');
    await appendListingEvents(s.t.deps.eventStore, 'fav-c', [
      {
        type: 'ListingDetailsRevised',
        data: { listingId: 'fav-c', at: nextTime(), title: 'Renamed flat before it went' },
      },
      {
        type: 'ListingDeleted',
        data: { listingId: 'fav-c', at: nextTime(), city: 'Bengaluru', imageIds: [] },
      },
    ]);
    const [gone] = (await list('?filter=unavailable')).favourites;
    expect(gone).toMatchObject({
      listingId: 'fav-c',
      available: false,
      title: 'Renamed flat before it went',
      city: 'Bengaluru',
      area: 'Koramangala',
      property: null,
    });
    // A deleted listing cannot be favourited anew, but its favourite can go.
    expect((await put('fav-c')).status).toBe(200);
    expect((await remove('fav-c')).status).toBe(200);
    expect((await put('fav-c')).status).toBe(404);
    expect((await list()).favourites.map((f) => f.listingId)).not.toContain('fav-c');
  });

  it('an owner cannot favourite their own listing (403), and records nothing', async () => {
    const owner = await s.t.registerUser('homeowner');
    await appendListingEvents(s.t.deps.eventStore, 'fav-own', [
      listingCreated('fav-own', { ownerId: owner.user._id }),
    ]);
    const res = await put('fav-own', owner);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: 'You cannot save your own listing to your favourites',
    });
    const { events } = await s.t.deps.eventStore.readStream(
      favouriteStreamId(owner.user._id, 'fav-own'),
    );
    expect(events).toEqual([]);
  });

  it('removing what is no favourite is not an error', async () => {
    expect((await remove('fav-never')).status).toBe(200);
    expect((await remove('fav-a')).body).toEqual({ listingId: 'fav-a', favourite: false });
    expect((await remove('fav-a')).status).toBe(200);
    expect((await list()).favourites.map((f) => f.listingId)).toEqual(['fav-b']);
  });

  it('a bad query is a 400 that names each parameter', async () => {
    const res = await s.t.request<{ message: string; errors: { path: string }[] }>(
      'GET',
      '/api/favourites?filter=delisted&page=0&limit=51',
      { token: s.tenant.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation failed');
    expect(res.body.errors.map((e) => e.path).sort()).toEqual(['filter', 'limit', 'page']);
  });
});
