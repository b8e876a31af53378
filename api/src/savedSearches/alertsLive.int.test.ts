import { describe, expect, it } from 'vitest';
import { openReadyStream, type SseEvent } from '@rentals/testing/conversations';
import { appendListingEvents, listingCreated, PLACES } from '@rentals/testing/listingFixtures';
import { testAppWithUsers } from '@rentals/testing/testApp';
import {
  alertsAfter,
  type SavedSearchAlert,
} from '@rentals/projections/queries/savedSearchQueries';

/**
 * A saved search's alert in-app: the matching projection records it and wakes
 * the user's live stream (the messages' stream), which sends it as `alert`;
 * the header's list has it too.
 */
const s = testAppWithUsers({}, { readModels: true });

const alertOf = (e: SseEvent) => (e.data as { alert: SavedSearchAlert }).alert;

describe('saved-search alerts in-app', () => {
  it('a matching listing arrives live on the stream and in the notifications list', async () => {
    const tenant = await s.t.registerUser('tenant');
    const saved = await s.t.request<{ savedSearch: { id: string } }>(
      'POST',
      '/api/saved-searches',
      {
        token: tenant.token,
        json: {
          name: 'Pune flats',
          filters: { city: 'Pune', propertyType: ['flat'] },
          alert: 'instant',
        },
      },
    );
    expect(saved.status).toBe(201);
    await s.readModels.caughtUp();
    const stream = await openReadyStream(s.t, tenant.token);

    const at = s.t.clock().toISOString();
    await appendListingEvents(s.t.deps.eventStore, 'live-alert-house', [
      listingCreated('live-alert-house', {
        at,
        fields: { location: PLACES.baner, propertyType: 'house' },
      }),
    ]);
    await appendListingEvents(s.t.deps.eventStore, 'live-alert-flat', [
      listingCreated('live-alert-flat', {
        at,
        fields: { location: PLACES.baner, title: 'Flat in Baner' },
      }),
    ]);
    const event = await stream.nextOf('alert');
    expect(alertOf(event)).toMatchObject({
      searchId: saved.body.savedSearch.id,
      searchName: 'Pune flats',
      listingId: 'live-alert-flat',
      title: 'Flat in Baner',
      city: 'Pune',
    });
    await stream.close();

    const list = await s.t.request<{ alerts: SavedSearchAlert[] }>(
      'GET',
      '/api/saved-searches/alerts',
      { token: tenant.token },
    );
    expect(list.body.alerts.map((a) => a.listingId)).toEqual(['live-alert-flat']);
  });

  it('a listing matching two of a user’s searches (and another user’s) alerts each of hers once, to her alone', async () => {
    // The alerts are stored a row per listing event with all the searches it newly matched.
    const [her, other] = [await s.t.registerUser('tenant'), await s.t.registerUser('tenant')];
    const save = async (token: string, name: string, filters: Record<string, unknown>) => {
      const res = await s.t.request('POST', '/api/saved-searches', {
        token,
        json: { name, filters, alert: 'instant' },
      });
      expect(res.status).toBe(201);
    };
    await save(her.token, 'Kochi', { city: 'Kochi' });
    await save(her.token, 'Kochi flats', { city: 'Kochi', propertyType: ['flat'] });
    await save(other.token, 'Kochi too', { city: 'Kochi' });
    await s.readModels.caughtUp();
    const stream = await openReadyStream(s.t, her.token);

    await appendListingEvents(s.t.deps.eventStore, 'two-searches', [
      listingCreated('two-searches', {
        at: s.t.clock().toISOString(),
        fields: { location: PLACES.kakkanad, title: 'Flat in Kakkanad' },
      }),
    ]);
    const names = [
      alertOf(await stream.nextOf('alert')).searchName,
      alertOf(await stream.nextOf('alert')).searchName,
    ];
    expect(names.sort()).toEqual(['Kochi', 'Kochi flats']);
    await stream.close();

    const list = await s.t.request<{ alerts: SavedSearchAlert[] }>(
      'GET',
      '/api/saved-searches/alerts',
      { token: her.token },
    );
    expect(list.body.alerts.map((a) => `${a.searchName}: ${a.listingId}`).sort()).toEqual([
      'Kochi flats: two-searches',
      'Kochi: two-searches',
    ]);
    const bell = await s.t.request<{ items: { id: string; text: string }[] }>(
      'GET',
      '/api/notifications',
      { token: her.token },
    );
    expect(bell.body.items.map((i) => i.text).sort()).toEqual([
      'New match for “Kochi flats”: Flat in Kakkanad',
      'New match for “Kochi”: Flat in Kakkanad',
    ]);
    expect(new Set(bell.body.items.map((i) => i.id)).size).toBe(2);
    // A stream's page of one listing event has both of its alerts (they share the cursor's id).
    const [since] = list.body.alerts.map((a) => a.id - 1);
    expect(await alertsAfter(s.t.db.sql, her.user._id, since!, 1)).toHaveLength(2);
  });
});
