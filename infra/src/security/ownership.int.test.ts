// Security checklist: authorisation beyond the role table. The route table decides which
// roles reach a route (authorizationMatrix.int.test.ts); here an attacker with a valid
// account of an admitted role goes after someone else's listing by its id (IDOR), with and
// without a version in If-Match, and tries to write what only the server may set — the
// owner, the verification, the views, the id, the photos — through the listing body.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { fold } from '@rentals/core/listings/state';
import { processWaitingPhotos } from '@rentals/api/listings/photoProcessor';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { listingReadModel } from '@rentals/projections/readModels/listingReadModel';
import { ownerListingStats } from '@rentals/projections/readModels/ownerStats';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import type { TestUser } from '@rentals/testing/testApp';
import { call } from './testing/attacker.ts';
import { LISTING_FORM, listingForm, type Upload } from '@rentals/testing/listingForm';
import { testWebServerWithUsers } from './testing/webServer.ts';

type Property = {
  _id: string;
  title: string;
  ownerId: string;
  owner: { name: string; role: string };
  isVerified: boolean;
  isAvailable: boolean;
  views: number;
  createdAt: string;
  images: { id: string; url: string }[];
};
type PropertyAnswer = { property: Property; message?: string; errors?: unknown[] };

const s = testWebServerWithUsers({
  victim: { role: 'homeowner', name: 'Victim Owner' },
  homeowner: { role: 'homeowner', name: 'Other Homeowner' },
  broker: { role: 'broker', name: 'Other Broker' },
  tenant: 'tenant',
  admin: 'admin',
});
let photo: Upload;
let target: Property;
/** The read models behind the owner's list. */
let readSide: RunningProjection[];

const mediaFiles = async () =>
  (
    await readdir(join(dirname(s.web.dataDir), 'media'), { recursive: true }).catch(() => [])
  ).filter((f) => f.endsWith('.webp')).length;

const versionOf = async (id: string) => {
  const [row] = await s.web.t.db.sql<{ version: string }[]>`
    SELECT version FROM streams WHERE stream_id = ${listingStreamId(id)}`;
  return Number(row?.version ?? 0);
};

const create = async (user: TestUser, values: Record<string, string> | [string, string][]) => {
  const res = await call<PropertyAnswer>(s.web.base, 'POST', '/api/properties', {
    token: user.token,
    form: listingForm(values, [photo]),
  });
  expect(res.status, res.text).toBe(201);
  // Its photo is processed after the answer (photoProcessor.ts): the listing once it is, from its log.
  await processWaitingPhotos({
    ...s.web.deps,
    media: localDiskStore(join(dirname(s.web.dataDir), 'media')),
  });
  const { events } = await s.web.deps.eventStore.readStream(listingStreamId(res.body.property._id));
  return toPropertyDocument(fold(events as unknown as ListingEvent[]))! as unknown as Property;
};

beforeAll(async () => {
  readSide = [listingReadModel, ownerListingStats].map((p) =>
    startProjection(s.web.t.db.sql, p, { pollIntervalMs: 20 }),
  );
  photo = {
    name: 'room.jpg',
    bytes: await samplePhoto({ width: 800, height: 600, label: 'room' }),
    type: 'image/jpeg',
  };
  target = await create(s.victim, LISTING_FORM);
});
afterAll(async () => {
  await Promise.all(readSide.map((r) => r.stop()));
});

type Write = { name: string; method: string; path: () => string; body?: () => object };
const WRITES: Write[] = [
  {
    name: 'edit (JSON)',
    method: 'PUT',
    path: () => `/api/properties/${target._id}`,
    body: () => ({ json: { title: 'Stolen by someone else', rent: 1 } }),
  },
  {
    name: 'edit (multipart, with a photo, removing the owner’s)',
    method: 'PUT',
    path: () => `/api/properties/${target._id}`,
    body: () => ({
      form: listingForm({ title: 'Stolen by someone else', keepImages: '[]' }, [photo]),
    }),
  },
  { name: 'delete', method: 'DELETE', path: () => `/api/properties/${target._id}` },
  {
    name: 'delist',
    method: 'PATCH',
    path: () => `/api/properties/${target._id}/toggle-availability`,
  },
  {
    name: "confirm 'Still available'",
    method: 'PATCH',
    path: () => `/api/properties/${target._id}/confirm-available`,
  },
  {
    name: 'verify',
    method: 'PATCH',
    path: () => `/api/properties/${target._id}/verify`,
    body: () => ({ json: { isVerified: true } }),
  },
];

describe('another owner’s listing by its id (IDOR)', () => {
  const attackers = () =>
    [
      ['another homeowner', s.homeowner, 403],
      ['a broker', s.broker, 403],
      ['a tenant', s.tenant, 403],
      ['a visitor', undefined, 401],
    ] as const;

  it.each(WRITES.map((w) => [w.name, w] as const))(
    '%s: refused to every other caller, with no If-Match, the current version, a wrong one, W/ and *; nothing changes',
    async (_, write) => {
      const version = await versionOf(target._id);
      const files = await mediaFiles();
      // Ownership before version: the same 403 for a right and a wrong version, so a stranger cannot learn it.
      const guesses = [
        `"${version}"`,
        `W/"${version}"`,
        `"${version + 1}"`,
        `W/"${version + 7}"`,
        '"0"',
      ];
      for (const [who, user, status] of attackers())
        for (const ifMatch of [undefined, ...guesses, '*']) {
          const res = await call(s.web.base, write.method, write.path(), {
            token: user?.token,
            headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
            ...write.body?.(),
          });
          // Verify is for admins only, so even the owner roles meet the role check there.
          expect(res.status, `${who}, If-Match ${ifMatch}: ${res.text}`).toBe(status);
        }
      expect(await versionOf(target._id)).toBe(version);
      expect(await mediaFiles()).toBe(files);
    },
  );

  it('tells a stranger it is not theirs before it looks at the body, so validation leaks nothing', async () => {
    const res = await call(s.web.base, 'PUT', `/api/properties/${target._id}`, {
      token: s.homeowner.token,
      json: { title: '', rent: -1, location: { city: 'Atlantis' } },
    });
    expect(res).toMatchObject({
      status: 403,
      body: { message: 'You can only change your own properties' },
    });
  });

  it('lets the owner do the same writes (so the refusals above are about ownership)', async () => {
    const mine = await create(s.victim, LISTING_FORM);
    const version = await versionOf(mine._id);
    const edit = await call<PropertyAnswer>(s.web.base, 'PUT', `/api/properties/${mine._id}`, {
      token: s.victim.token,
      headers: { 'if-match': `"${version}"` },
      json: { title: 'Renamed by its owner' },
    });
    expect(edit.status).toBe(200);
    expect(
      (
        await call(s.web.base, 'PATCH', `/api/properties/${mine._id}/toggle-availability`, {
          token: s.victim.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(s.web.base, 'DELETE', `/api/properties/${mine._id}`, { token: s.victim.token }))
        .status,
    ).toBe(200);
  });

  it.each(WRITES.filter((w) => w.name !== 'verify').map((w) => [w.name, w] as const))(
    '%s: its owner with a stale If-Match gets 409 (the version is still checked, after ownership)',
    async (_, write) => {
      const version = await versionOf(target._id);
      const res = await call(s.web.base, write.method, write.path(), {
        token: s.victim.token,
        headers: { 'if-match': `"${version + 1}"` },
        ...write.body?.(),
      });
      expect(res.status, res.text).toBe(409);
      expect(await versionOf(target._id)).toBe(version);
    },
  );

  it('lets an admin verify it, and the owner’s own verify is refused', async () => {
    const own = await call(s.web.base, 'PATCH', `/api/properties/${target._id}/verify`, {
      token: s.victim.token,
    });
    expect(own.status).toBe(403);
    const res = await call<PropertyAnswer>(
      s.web.base,
      'PATCH',
      `/api/properties/${target._id}/verify`,
      { token: s.admin.token, json: { isVerified: true } },
    );
    expect(res.status).toBe(200);
    expect(res.body.property.isVerified).toBe(true);
  });

  it('cannot take another listing’s photos into one’s own through keepImages', async () => {
    const mine = await create(s.homeowner, LISTING_FORM);
    const version = await versionOf(mine._id);
    const stolen = target.images[0]!.id;
    for (const keepImages of [[stolen], [{ id: stolen, caption: 'mine now' }]]) {
      const res = await call<PropertyAnswer>(s.web.base, 'PUT', `/api/properties/${mine._id}`, {
        token: s.homeowner.token,
        json: { keepImages },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'keepImages', msg: `Image ${stolen} does not belong to this property` },
      ]);
    }
    expect(await versionOf(mine._id)).toBe(version);
  });
});

describe('fields only the server sets, sent in a listing body (mass assignment)', () => {
  const forged = () => ({
    _id: target._id,
    id: target._id,
    listingId: target._id,
    ownerId: s.victim.user._id,
    isVerified: 'true',
    isAvailable: 'false',
    views: '99999',
    createdAt: '2001-01-01T00:00:00.000Z',
    updatedAt: '2001-01-01T00:00:00.000Z',
    status: 'deleted',
  });

  const expectOwnListing = (p: Property, owner: TestUser, name: string) => {
    expect(p._id).not.toBe(target._id);
    expect(p.ownerId).toBe(owner.user._id);
    expect(p.owner).toEqual({ name, role: owner.user.role });
    expect(p.isVerified).toBe(false);
    expect(p.isAvailable).toBe(true);
    expect(p.views).toBe(0);
    expect(new Date(p.createdAt).getFullYear()).toBeGreaterThan(2020);
  };

  it('a create form that names someone else’s listing, owner and verification creates a plain listing of the caller', async () => {
    const victimVersion = await versionOf(target._id);
    const values: [string, string][] = [
      ...Object.entries(LISTING_FORM),
      ...Object.entries(forged()),
      ['owner[name]', 'Victim Owner'],
      ['owner[role]', 'admin'],
      ['images', JSON.stringify([{ id: 'x', url: 'https://evil.example/x.jpg' }])],
    ];
    const p = await create(s.homeowner, values);
    expectOwnListing(p, s.homeowner, 'Other Homeowner');
    expect(p.images).toHaveLength(1);
    expect(p.images[0]!.url).toMatch(/^\/media\/listings\//);
    expect(await versionOf(target._id)).toBe(victimVersion);
  });

  it('a JSON edit with the same fields (typed as JSON) changes only what owners may change', async () => {
    const mine = await create(s.broker, LISTING_FORM);
    const res = await call<PropertyAnswer>(s.web.base, 'PUT', `/api/properties/${mine._id}`, {
      token: s.broker.token,
      json: {
        ...forged(),
        isVerified: true,
        isAvailable: false,
        views: 99999,
        owner: { name: 'Victim Owner', role: 'admin' },
        images: [{ id: 'x', url: 'javascript:alert(1)', caption: 'x' }],
        title: 'A title the owner may change',
      },
    });
    expect(res.status, res.text).toBe(200);
    expectOwnListing(res.body.property, s.broker, 'Other Broker');
    expect(res.body.property._id).toBe(mine._id);
    expect(res.body.property.title).toBe('A title the owner may change');
    expect(res.body.property.images.map((i) => i.id)).toEqual(mine.images.map((i) => i.id));
  });

  it('an admin’s edit of someone’s listing keeps its owner (the admin does not become the owner)', async () => {
    const res = await call<PropertyAnswer>(s.web.base, 'PUT', `/api/properties/${target._id}`, {
      token: s.admin.token,
      json: { title: 'Corrected by an admin', ownerId: s.admin.user._id },
    });
    expect(res.status).toBe(200);
    expect(res.body.property.ownerId).toBe(s.victim.user._id);
    expect(res.body.property.owner.name).toBe('Victim Owner');
  });

  it('an owner’s list shows only their own listings, whatever the query asks for', async () => {
    await Promise.all(readSide.map((r) => r.whenCaughtUp()));
    const res = await call<{ properties: Property[] }>(
      s.web.base,
      'GET',
      `/api/properties/my-properties?ownerId=${s.victim.user._id}`,
      { token: s.tenant.token },
    );
    expect(res.status).toBe(403);
    const mine = await call<{ properties: Property[] }>(
      s.web.base,
      'GET',
      `/api/properties/my-properties?ownerId=${s.victim.user._id}&owner=${s.victim.user._id}`,
      { token: s.broker.token },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.properties.length).toBeGreaterThan(0);
    for (const p of mine.body.properties) expect(p.ownerId).toBe(s.broker.user._id);
  });
});
