import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { catchUpReadModels } from '@rentals/testing/readSide';
import { temporaryMedia } from '@rentals/testing/temporaryMedia';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import type { DuplicatePair } from '@rentals/core/contract/duplicates';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { accountsSharingPhotos } from '@rentals/projections/queries/duplicateQueries';
import { photoEvasions, scenePhoto } from '../media/samplePhotos.ts';
import { processWaitingPhotos } from '../listings/photoProcessor.ts';

/**
 * Recycled photos and duplicate listings end to end on real Postgres: uploads go through the photo
 * worker (sharp, sharp-phash), the duplicates read model finds the pairs, the admin's queue shows
 * them side by side and 'Not a duplicate' keeps a pair away for good.
 */
const disk = temporaryMedia('duplicates-');
const s = {} as Record<'original' | 'copier' | 'honest' | 'admin' | 'tenant', TestUser> & {
  t: TestApp;
};

type Queue = { pairs: DuplicatePair[]; total: number };
type Created = { property: PropertyDocument };

const jpg = (bytes: Uint8Array, name: string) => ({ name, bytes, type: 'image/jpeg' });

/** A listing with its own text and address (so only its photo can match), photos processed. */
const list = async (
  token: string,
  n: number,
  photo: Buffer,
  extra: Record<string, string> = {},
) => {
  const res = await s.t.request<Created>('POST', '/api/properties', {
    token,
    form: listingForm(
      {
        ...LISTING_FORM,
        title: `Home number ${n} with its own words`,
        description: `Listing ${n}: ${'lorem ipsum dolor sit amet '.slice(n % 10)} and house ${n * 7} details.`,
        'location[address]': `House ${n}, Street ${n * 3}`,
        'location[coordinates][latitude]': String(18.5 + n * 0.01),
        ...extra,
      },
      [jpg(photo, `photo-${n}.jpg`)],
    ),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await processWaitingPhotos({ ...s.t.deps, media: disk.store });
  return res.body.property._id;
};

const queue = async () => {
  await catchUpReadModels(s.t.db.sql);
  const res = await s.t.request<Queue>('GET', '/api/admin/duplicates', { token: s.admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const pairOf = (q: Queue, a: string, b: string) =>
  q.pairs.find((p) => {
    const ids = [p.listingA.listingId, p.listingB.listingId];
    return ids.includes(a) && ids.includes(b);
  });

let originalId: string;
const copies: Record<string, string> = {};
let differentId: string;

beforeAll(async () => {
  s.t = await testApp({ deps: { media: disk.store } });
  s.original = await s.t.registerUser('homeowner', { name: 'Ravi Original' });
  s.copier = await s.t.registerUser('broker', { name: 'Kiran Copier' });
  s.honest = await s.t.registerUser('homeowner', { name: 'Neha Honest' });
  s.admin = await s.t.registerUser('admin', { name: 'Meera Admin' });
  s.tenant = await s.t.registerUser('tenant');
  const photo = await scenePhoto(101);
  originalId = await list(s.original.token, 1, photo);
  const evasions = await photoEvasions(photo);
  let n = 2;
  for (const [name, bytes] of Object.entries(evasions))
    copies[name] = await list(s.copier.token, n++, bytes);
  differentId = await list(s.honest.token, 9, await scenePhoto(202));
});

afterAll(async () => {
  await s.t.close();
});

describe('recycled photos', () => {
  it('flags the same photo on another account’s listing: resized, recompressed, cropped, mirrored', async () => {
    const q = await queue();
    for (const name of ['resized', 'recompressed', 'cropped', 'mirrored']) {
      const pair = pairOf(q, originalId, copies[name]!);
      expect(pair, name).toBeDefined();
      expect(pair!.matches[0], name).toMatch(/photo/);
    }
    expect(pairOf(q, originalId, copies.mirrored!)!.matches[0]).toMatch(/mirrored$/);
  });

  it('shows both listings side by side: photos, title, owner, city, address, status', async () => {
    const pair = pairOf(await queue(), originalId, copies.resized!)!;
    const sides = [pair.listingA, pair.listingB];
    const original = sides.find((x) => x.listingId === originalId)!;
    const copy = sides.find((x) => x.listingId === copies.resized)!;
    expect(original).toMatchObject({
      title: 'Home number 1 with its own words',
      ownerName: 'Ravi Original',
      city: 'Pune',
      address: 'House 1, Street 3',
      status: 'Listed',
    });
    expect(copy.ownerName).toBe('Kiran Copier');
    expect(original.photos[0]).toMatchObject({ matched: true });
    expect(copy.photos[0]!.url).toMatch(/^\/media\//);
    expect(pair.strength).toBeGreaterThan(0.5);
  });

  it('does not pair different photos', async () => {
    const q = await queue();
    expect(
      q.pairs.some((p) => [p.listingA.listingId, p.listingB.listingId].includes(differentId)),
    ).toBe(false);
  });

  it('tells the broker signals which accounts share photos', async () => {
    expect(await accountsSharingPhotos(s.t.db.sql, s.original.user._id)).toEqual([
      s.copier.user._id,
    ]);
    expect(await accountsSharingPhotos(s.t.db.sql, s.honest.user._id)).toEqual([]);
  });
});

describe('duplicate listings', () => {
  it('flags the same address with the same text from another account', async () => {
    const same = {
      title: 'Sunny 3BHK by the lake',
      description: 'Three bedrooms, two balconies and a lake view from every room.',
    };
    const place = {
      'location[address]': 'Plot 77, Lake Road',
      'location[coordinates][latitude]': '18.61',
    };
    const first = await list(s.original.token, 20, await scenePhoto(303), { ...same, ...place });
    const second = await list(s.honest.token, 21, await scenePhoto(404), { ...same, ...place });
    const pair = pairOf(await queue(), first, second);
    expect(pair?.matches).toEqual(['Same address; title and description 100 % the same']);
  });
});

describe("'Not a duplicate'", () => {
  it('removes the pair for good, once; only for found pairs; only for admins', async () => {
    const ids = [copies.recompressed!, originalId];
    const dismiss = (token = s.admin.token) =>
      s.t.request<{ decision: string }>('POST', '/api/admin/duplicates/dismiss', {
        token,
        json: { listingIds: ids },
      });
    expect((await dismiss(s.tenant.token)).status).toBe(403);
    const res = await dismiss();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.decision).toBe('Marked not a duplicate');
    expect(pairOf(await queue(), originalId, copies.recompressed!)).toBeUndefined();
    expect((await dismiss()).status).toBe(409);
    const never = await s.t.request('POST', '/api/admin/duplicates/dismiss', {
      token: s.admin.token,
      json: { listingIds: [originalId, differentId] },
    });
    expect(never.status).toBe(404);
  });
});
