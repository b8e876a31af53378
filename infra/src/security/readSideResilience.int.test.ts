import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { projections } from '@rentals/projections/registry';
import { parkedStreams } from '@rentals/projections/queries/readSideHealth';
import type { Projection } from '@rentals/projections/runner/projection';
import { retryParked } from '@rentals/projections/runner/retryParked';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import { deleteIndex } from '@rentals/projections/search/listingsIndex';
import { createMeili } from '@rentals/projections/queries/meili';
import { createSearchProjection } from '@rentals/projections/search/searchProjection';
import type { SearchDocument } from '@rentals/projections/search/searchDocument';
import { testWebServerWithUsers } from './testing/webServer.ts';

/**
 * One event that the read side cannot apply, written into the log by hand,
 * must stop one listing and never the site: through the real web server and
 * every projection the projections process runs.
 */
const s = testWebServerWithUsers({ owner: 'homeowner', tenant: 'tenant' });
let running: RunningProjection[];
let readSide: Projection[];
const meili = createMeili({ url: inject('meiliUrl'), key: inject('meiliKey') });

beforeAll(() => {
  // The projections process's set, with the search index of this test file.
  readSide = [
    ...projections.filter((p) => p.kind === 'sql'),
    createSearchProjection(() => ({ sql: s.web.t.db.sql, meili, index: s.web.deps.meili.index })),
  ];
  running = readSide.map((p) =>
    startProjection(s.web.t.db.sql, p, {
      batchSize: 200,
      pollIntervalMs: 20,
      maxRetries: 2,
      backoffMs: 5,
    }),
  );
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await deleteIndex(meili, s.web.deps.meili.index!);
});

const caughtUp = () => Promise.all(running.map((r) => r.whenCaughtUp(60_000)));

const api = async <T>(method: string, path: string, token?: string, body?: FormData | object) => {
  const res = await fetch(`${s.web.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
};

const createListing = async (title: string) => {
  const form = listingForm({ ...LISTING_FORM, title });
  const res = await api<{ property: PropertyDocument }>(
    'POST',
    '/api/properties',
    s.owner.token,
    form,
  );
  expect(res.status).toBe(201);
  return res.body.property;
};

const fullDocument = async (id: string) =>
  (await api<{ property: PropertyDocument }>('GET', `/api/properties/${id}`, s.tenant.token)).body
    .property;
const searchIds = async (path: string, token?: string) => {
  const res = await api<{ properties: { _id: string }[] }>('GET', path, token);
  expect(res.status).toBe(200);
  return res.body.properties.map((p) => p._id);
};
const indexed = (id: string) =>
  meili
    .index(s.web.deps.meili.index!)
    .getDocument<SearchDocument>(id)
    .catch(() => null);
const summary = async () =>
  (
    await api<{ summary: { total: number; listed: number; delisted: number } }>(
      'GET',
      '/api/properties/my-properties',
      s.owner.token,
    )
  ).body.summary;

/** Appends an event by hand, bypassing the event store and everything it checks. */
const writeByHand = async (streamId: string, type: string, data: unknown) => {
  const [row] = await s.web.t.db.sql<{ position: number }[]>`
    WITH v AS (UPDATE streams SET version = version + 1 WHERE stream_id = ${streamId} RETURNING version)
    INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT ${streamId}, v.version, ${type}, ${data === null ? s.web.t.db.sql`'null'::jsonb` : s.web.t.db.sql`${s.web.t.db.sql.json(data as never)}`},
           '{"schemaVersion": 1}'::jsonb
    FROM v RETURNING position`;
  return row!.position;
};

describe('an event the read side cannot apply', () => {
  it('parks its stream in every projection that handles it while every other listing flows; a retry after a fix applies the held events in order', async () => {
    const parked = await createListing('Quiet flat by the old banyan');
    const other = await createListing('Corner flat with a terrace');
    await caughtUp();
    const streamId = `listing-${parked._id}`;

    // Delisting with no data at all: no projection that handles ListingDelisted can apply it.
    const bad = await writeByHand(streamId, 'ListingDelisted', null);
    const delisting = readSide.filter((p) => p.canHandle.includes('ListingDelisted'));
    expect(delisting.length).toBeGreaterThan(3);
    // Right after it, another listing changes and a new one is created, through the API.
    expect(
      (
        await api('PUT', `/api/properties/${other._id}`, s.owner.token, {
          title: 'Corner flat with a rooftop garden',
        })
      ).status,
    ).toBe(200);
    const created = await createListing('Fresh studio near the metro');
    // The parked stream goes on in the log: relisted, then retitled.
    await s.web.deps.eventStore.append(streamId, 'listing', 'any', [
      {
        type: 'ListingRelisted',
        data: { listingId: parked._id, at: new Date().toISOString(), city: 'Pune' },
      },
      {
        type: 'ListingDetailsRevised',
        data: {
          listingId: parked._id,
          at: new Date().toISOString(),
          title: 'Quiet flat, freshly painted',
        },
      },
    ]);
    await caughtUp();

    // Every other listing is current everywhere: full and visitor documents, search, owner figures.
    expect((await fullDocument(other._id)).title).toBe('Corner flat with a rooftop garden');
    expect((await fullDocument(created._id)).title).toBe('Fresh studio near the metro');
    expect(await searchIds('/api/properties?q=rooftop', s.tenant.token)).toEqual([other._id]);
    expect(await searchIds('/api/properties/public?q=rooftop')).toEqual([other._id]);
    expect(await searchIds('/api/properties/public?q=studio')).toEqual([created._id]);
    expect((await indexed(other._id))?.title).toBe('Corner flat with a rooftop garden');
    expect(await indexed(created._id)).not.toBeNull();
    expect(await summary()).toMatchObject({ total: 3, listed: 3, delisted: 0 });

    // The bad stream is parked in every projection that handles it, at the bad event, with its
    // later events held; the others never see it.
    const parkedNow = await parkedStreams(s.web.t.db.sql);
    expect(parkedNow.map((p) => p.streamId)).toEqual(delisting.map(() => streamId));
    expect(parkedNow.map((p) => p.projection).sort()).toEqual(delisting.map((p) => p.name).sort());
    for (const p of parkedNow) {
      expect(p).toMatchObject({ position: bad, eventType: 'ListingDelisted' });
      expect(p.error).toMatch(/null/);
      const handled = readSide.find((r) => r.name === p.projection)!.canHandle;
      expect(p.held).toBe(
        1 + ['ListingRelisted', 'ListingDetailsRevised'].filter((t) => handled.includes(t)).length,
      );
    }
    // Held, neither applied nor skipped: the listing still shows its state before the bad event.
    expect((await fullDocument(parked._id)).title).toBe('Quiet flat by the old banyan');
    expect((await indexed(parked._id))?.title).toBe('Quiet flat by the old banyan');
    // Health says so, with HTTP 200: the site serves.
    const health = await api<{ status: string; parked: { streamId: string }[] }>(
      'GET',
      '/api/health',
    );
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.parked.map((p) => p.streamId)).toContain(streamId);

    // The fix an upcaster would make, then the retry of every projection: the held events apply
    // in log order (delisted, then relisted, then retitled) and the stream is released.
    await s.web.t.db.sql`
      UPDATE events SET data = ${s.web.t.db.sql.json({ listingId: parked._id, at: new Date().toISOString(), city: 'Pune' })}
      WHERE position = ${bad}`;
    for (const projection of delisting)
      expect(await retryParked(s.web.t.db.sql, projection, streamId)).toMatchObject({
        outcome: 'applied',
      });
    expect(await parkedStreams(s.web.t.db.sql)).toEqual([]);
    const fixed = await fullDocument(parked._id);
    expect(fixed).toMatchObject({ title: 'Quiet flat, freshly painted', isAvailable: true });
    expect((await indexed(parked._id))?.title).toBe('Quiet flat, freshly painted');
    expect(await searchIds('/api/properties/public?q=painted')).toEqual([parked._id]);
    expect(await summary()).toMatchObject({ total: 3, listed: 3, delisted: 0 });
    expect((await api<{ status: string }>('GET', '/api/health')).body.status).toBe('ok');

    // Released: its next change through the API is applied as usual.
    expect(
      (
        await api('PUT', `/api/properties/${parked._id}`, s.owner.token, {
          title: 'Quiet flat, now with a study',
        })
      ).status,
    ).toBe(200);
    await caughtUp();
    expect((await fullDocument(parked._id)).title).toBe('Quiet flat, now with a study');
  });
});
