import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  LISTING_FORM,
  listingForm,
  SPEC_ERRORS_FOR_A_BAD_FORM,
} from '@rentals/testing/listingForm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeyOf } from '../media/mediaStore.ts';
import {
  cameraPhoto,
  hasGpsTag,
  jpegWithGps,
  pngBomb,
  samplePhoto,
} from '../media/samplePhotos.ts';
import { serveMedia } from '../media/serveMedia.ts';
import { processWaitingPhotos } from './photoProcessor.ts';
import { toPropertyDocument } from '@rentals/core/listings/document';
import type { ListingEvent } from '@rentals/core/listings/events';
import { fold } from '@rentals/core/listings/state';
import { temporaryMedia } from '@rentals/testing/temporaryMedia';
import { testApp, type TestApp, type TestUser } from '@rentals/testing/testApp';
import type { PropertyDocument } from '@rentals/core/contract/property';

type PropertyBody = { property: PropertyDocument };
type ErrorBody = { message: string; errors?: { path: string; msg: string }[] };

let t: TestApp;
const disk = temporaryMedia('listings-media-');
let owner: TestUser;
let broker: TestUser;
let tenant: TestUser;
let admin: TestUser;
let photos: Buffer[];

beforeAll(async () => {
  t = await testApp({ deps: { media: disk.store } });
  owner = await t.registerUser('homeowner', { name: 'Asha Rao' });
  broker = await t.registerUser('broker');
  tenant = await t.registerUser('tenant');
  admin = await t.registerUser('admin');
  photos = await Promise.all(
    (['#f97316', '#22c55e', '#6366f1', '#e11d48'] as const).map((c, i) =>
      samplePhoto({ width: 1600, height: 1200, colors: [c, '#0f172a'], label: `Room ${i + 1}` }),
    ),
  );
});
afterAll(async () => {
  await t.close();
});

/** The kit's form with the title and rent this file's read-backs check. */
const fields: Record<string, string> = {
  ...LISTING_FORM,
  title: 'Sunny 2BHK near Baner',
  rent: '25000',
};
const form = listingForm;
const jpg = (bytes: Uint8Array, name: string) => ({ name, bytes, type: 'image/jpeg' });

const create = (
  token: string | undefined,
  values = fields,
  files: Parameters<typeof form>[1] = [],
) =>
  t.request<PropertyBody & ErrorBody>('POST', '/api/properties', {
    token,
    form: form(values, files),
  });

const filesOnDisk = async (listingId: string) =>
  (await readdir(join(disk.dir, 'listings', listingId)).catch(() => [] as string[])).sort();

const fetchMedia = (url: string) => serveMedia(disk.store)(new Request(`http://localhost${url}`));

/** Uploads are answered before their photos are processed: the listing (from its log) once they are. */
const processed = async (id: string) => {
  await processWaitingPhotos({ ...t.deps, media: disk.store });
  const { events } = await t.deps.eventStore.readStream(`listing-${id}`);
  return toPropertyDocument(fold(events as unknown as ListingEvent[]))!;
};

describe('a homeowner’s listing from creation to deletion', () => {
  let id: string;
  let imageIds: string[];

  it('creates a listing with 3 photos: 201, the spec document, WebP renditions on disk', async () => {
    const res = await create(
      owner.token,
      fields,
      photos.slice(0, 3).map((p, i) => jpg(p, `room-${i}.jpg`)),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Created, and its photos received: two events.
    expect(res.headers.get('etag')).toBe('"2"');
    const p = res.body.property;
    id = p._id;
    expect(p).toMatchObject({
      title: 'Sunny 2BHK near Baner',
      propertyType: 'flat',
      rent: 25000,
      rentType: 'monthly',
      location: {
        city: 'Pune',
        area: 'Baner',
        pinCode: '411045',
        coordinates: { latitude: 18.559, longitude: 73.7868 },
      },
      propertyDetails: { bedrooms: 2, bathrooms: 2, area: 1100, floor: 3, totalFloors: 7 },
      contactInfo: { showPhone: true, showEmail: true },
      showOnMap: true,
      owner: { name: 'Asha Rao', role: 'homeowner' },
      ownerId: owner.user._id,
      isAvailable: true,
      isVerified: false,
      views: 0,
    });
    expect(p.facilities).toMatchObject({
      wifi: true,
      parking: true,
      ac: false,
      petFriendly: false,
    });
    expect(Object.keys(p.facilities)).toHaveLength(12);
    expect(p.images).toEqual([]);
    expect(p.photoUploads?.map((u) => [u.name, u.status])).toEqual([
      ['room-0.jpg', 'processing'],
      ['room-1.jpg', 'processing'],
      ['room-2.jpg', 'processing'],
    ]);
    const done = await processed(id);
    expect(done.images).toHaveLength(3);
    expect(done.images.map((i) => i.id)).toEqual(p.photoUploads!.map((u) => u.id));
    imageIds = done.images.map((i) => i.id);
    for (const image of done.images) {
      expect(image.url).toMatch(new RegExp(`^/media/listings/${id}/[0-9a-f]{20}-1280\\.webp$`));
      expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
      expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect([image.width, image.height]).toEqual([1600, 1200]);
    }
    // Three widths, each as WebP and AVIF.
    expect(await filesOnDisk(id)).toHaveLength(18);

    const served = await fetchMedia(done.images[0]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('records the creation in the event log with the acting user', async () => {
    const { events } = await t.deps.eventStore.readStream(`listing-${id}`);
    expect(events.map((e) => e.type)).toEqual([
      'ListingCreated',
      'ListingPhotosReceived',
      'ListingImagesAdded',
    ]);
    expect(events[0]!.metadata.userId).toBe(owner.user._id);
  });

  it('edits: removes one photo, captions and reorders the rest, adds a new one, changes rent', async () => {
    const [first, second, third] = imageIds as [string, string, string];
    const removedFiles = (await filesOnDisk(id)).length;
    const res = await t.request<PropertyBody & ErrorBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      headers: { 'if-match': '"3"' },
      form: form(
        {
          ...fields,
          rent: '23000',
          keepImages: JSON.stringify([{ id: third, caption: 'Kitchen' }, first]),
          imageCaptions: JSON.stringify(['Balcony view']),
        },
        [jpg(photos[3]!, 'balcony.jpg')],
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.property.rent).toBe(23000);
    expect(res.body.property.images.map((i) => i.id)).toEqual([third, first]);
    expect(res.body.property.photoUploads?.map((u) => u.name)).toEqual(['balcony.jpg']);
    const p = await processed(id);
    expect(
      p.images.map((i) => [i.id === third || i.id === first ? i.id : 'new', i.caption]),
    ).toEqual([
      [third, 'Kitchen'],
      [first, ''],
      ['new', 'Balcony view'],
    ]);
    expect(p.images.some((i) => i.id === second)).toBe(false);
    expect(res.headers.get('etag')).toMatch(/^"\d+"$/);
    // The removed photo's six renditions (WebP and AVIF) are gone, the new photo's six are there.
    expect(await filesOnDisk(id)).toHaveLength(removedFiles);
    const { events } = await t.deps.eventStore.readStream(`listing-${id}`);
    expect(events.map((e) => e.type)).toEqual([
      'ListingCreated',
      'ListingPhotosReceived',
      'ListingImagesAdded',
      'ListingRentChanged',
      'ListingImageRemoved',
      'ListingImagesReordered',
      'ListingImageCaptioned',
      'ListingPhotosReceived',
      'ListingImagesAdded',
    ]);
  });

  it('accepts a JSON edit and keeps what it leaves out', async () => {
    const res = await t.request<PropertyBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      json: { title: 'Sunny 2BHK near Baner, metro soon', facilities: { ac: true } },
    });
    expect(res.status).toBe(200);
    expect(res.body.property).toMatchObject({
      title: 'Sunny 2BHK near Baner, metro soon',
      rent: 23000,
      facilities: { wifi: true, ac: true },
    });
    expect(res.body.property.images).toHaveLength(3);
  });

  it('refuses a stale If-Match with 409 and no event', async () => {
    const before = (await t.deps.eventStore.readStream(`listing-${id}`)).version;
    const res = await t.request<ErrorBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      headers: { 'if-match': 'W/"1"' },
      json: { rent: 1 },
    });
    expect(res.status).toBe(409);
    expect((await t.deps.eventStore.readStream(`listing-${id}`)).version).toBe(before);
  });

  it('toggles availability twice: delisted, then listed again', async () => {
    const off = await t.request<PropertyBody>(
      'PATCH',
      `/api/properties/${id}/toggle-availability`,
      { token: owner.token },
    );
    expect(off.status).toBe(200);
    expect(off.body.property.isAvailable).toBe(false);
    const on = await t.request<PropertyBody>('PATCH', `/api/properties/${id}/toggle-availability`, {
      token: owner.token,
    });
    expect(on.body.property.isAvailable).toBe(true);
    const types = (await t.deps.eventStore.readStream(`listing-${id}`)).events.map((e) => e.type);
    expect(types.slice(-2)).toEqual(['ListingDelisted', 'ListingRelisted']);
  });

  it('lets only an admin verify', async () => {
    const byOwner = await t.request<ErrorBody>('PATCH', `/api/properties/${id}/verify`, {
      token: owner.token,
    });
    expect(byOwner.status).toBe(403);
    const byAdmin = await t.request<PropertyBody>('PATCH', `/api/properties/${id}/verify`, {
      token: admin.token,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.property.isVerified).toBe(true);
  });

  it('keeps the verification through a rent change, and returns to Pending on a new title', async () => {
    const rent = await t.request<PropertyBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      json: { rent: 26000 },
    });
    expect(rent.body.property.isVerified).toBe(true);
    const retitled = await t.request<PropertyBody>('PUT', `/api/properties/${id}`, {
      token: owner.token,
      json: { title: 'Sunny 2BHK near Baner, newly painted' },
    });
    expect(retitled.status).toBe(200);
    expect(retitled.body.property.isVerified).toBe(false);
    const types = (await t.deps.eventStore.readStream(`listing-${id}`)).events.map((e) => e.type);
    expect(types.slice(-2)).toEqual(['ListingDetailsRevised', 'ListingVerificationRevoked']);
    const again = await t.request<PropertyBody>('PATCH', `/api/properties/${id}/verify`, {
      token: admin.token,
    });
    expect(again.body.property.isVerified).toBe(true);
  });

  it("refuses someone else's listing (403) and a tenant (403)", async () => {
    for (const who of [broker, tenant]) {
      for (const [method, path] of [
        ['PUT', `/api/properties/${id}`],
        ['PATCH', `/api/properties/${id}/toggle-availability`],
        ['DELETE', `/api/properties/${id}`],
      ] as const) {
        const res = await t.request<ErrorBody>(method, path, {
          token: who.token,
          json: { rent: 1 },
        });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it('deletes: the photos leave the disk, and the listing is 404 afterwards', async () => {
    const res = await t.request<{ message: string }>('DELETE', `/api/properties/${id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(await filesOnDisk(id)).toEqual([]);
    const again = await t.request<ErrorBody>('DELETE', `/api/properties/${id}`, {
      token: owner.token,
    });
    expect(again.status).toBe(404);
    const edit = await t.request<ErrorBody>('PUT', `/api/properties/${id}`, {
      token: broker.token,
      json: { rent: 1 },
    });
    expect(edit.status).toBe(404);
    const toggle = await t.request<ErrorBody>(
      'PATCH',
      `/api/properties/${id}/toggle-availability`,
      { token: owner.token },
    );
    expect(toggle.status).toBe(404);
  });
});

describe('who may create', () => {
  it('lets a broker create; refuses a tenant (403) and a visitor (401)', async () => {
    const byBroker = await create(broker.token);
    expect(byBroker.status).toBe(201);
    expect(byBroker.body.property.owner).toEqual({ name: broker.user.name, role: 'broker' });
    expect((await create(tenant.token)).status).toBe(403);
    const visitor = await create(undefined);
    expect(visitor.status).toBe(401);
  });

  it('lets an admin edit any listing', async () => {
    const { body } = await create(owner.token);
    const res = await t.request<PropertyBody>('PUT', `/api/properties/${body.property._id}`, {
      token: admin.token,
      json: { rent: 19999 },
    });
    expect(res.status).toBe(200);
    expect(res.body.property.rent).toBe(19999);
  });
});

describe('validation with the spec messages', () => {
  it('reports every field problem of a request together, with paths the form maps', async () => {
    const res = await create(owner.token, {
      title: 'abc',
      description: 'too short',
      propertyType: 'castle',
      rent: '0',
      rentType: 'weekly',
      'location[city]': '',
      'location[area]': ' ',
      'location[pinCode]': '12345',
      'location[address]': '',
      'location[coordinates][latitude]': '95',
      'location[coordinates][longitude]': '200',
      propertyDetails: JSON.stringify({
        bedrooms: -1,
        bathrooms: -2,
        area: -3,
        floor: 9,
        totalFloors: 4,
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation failed');
    expect(res.body.errors).toEqual([
      { path: 'title', msg: 'Title must be at least 5 characters long' },
      { path: 'description', msg: 'Description must be at least 20 characters long' },
      ...SPEC_ERRORS_FOR_A_BAD_FORM,
      { path: 'propertyDetails.floor', msg: 'Floor number cannot be greater than total floors' },
    ]);
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title cannot exceed 100 characters'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: 'y'.repeat(1001) }, 'description', 'Description cannot exceed 1000 characters'],
    [{ rent: 'lots' }, 'rent', 'Rent must be a valid number'],
    [{ 'location[pinCode]': '' }, 'location.pinCode', 'Pin code is required'],
    [
      { propertyDetails: JSON.stringify({ floor: -1 }) },
      'propertyDetails.floor',
      'Floor cannot be negative',
    ],
    [
      { propertyDetails: JSON.stringify({ totalFloors: -1 }) },
      'propertyDetails.totalFloors',
      'Total floors cannot be negative',
    ],
  ])('%o → %s: %s', async (override, path, msg) => {
    const res = await create(owner.token, { ...fields, ...override });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, msg }]);
  });

  it('applies the spec defaults when optional fields are left out', async () => {
    const { facilities: _f, contactInfo: _c, showOnMap: _s, ...minimal } = fields;
    const res = await create(owner.token, {
      ...minimal,
      'location[coordinates][latitude]': '',
      'location[coordinates][longitude]': '',
    });
    expect(res.status).toBe(201);
    const p = res.body.property;
    expect(Object.values(p.facilities).every((v) => v === false)).toBe(true);
    expect(p.contactInfo).toEqual({ showPhone: true, showEmail: false });
    expect(p.showOnMap).toBe(true);
    expect(p.location).not.toHaveProperty('coordinates');
  });
});

describe('photo rules', () => {
  const rejected = async (files: Parameters<typeof form>[1]) => {
    const res = await create(owner.token, fields, files);
    expect(res.status).toBe(400);
    return res.body.errors ?? [];
  };

  it('judges the type by content: a text file named .jpg is refused, and the whole batch with it', async () => {
    const before = (await readdir(join(disk.dir, 'listings')).catch(() => [])).length;
    const errors = await rejected([
      jpg(photos[0]!, 'good.jpg'),
      {
        name: 'notes.jpg',
        bytes: new TextEncoder().encode('not an image at all'),
        type: 'image/jpeg',
      },
    ]);
    expect(errors).toEqual([
      {
        path: 'images',
        msg: 'notes.jpg - Invalid file type. Only JPEG, PNG, and WebP are allowed.',
      },
    ]);
    expect((await readdir(join(disk.dir, 'listings')).catch(() => [])).length).toBe(before);
  });

  it('refuses a 6 MB file', async () => {
    const big = await cameraPhoto({ width: 4000, height: 3000, seed: 3, amplitude: 48 });
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(await rejected([jpg(big, 'huge.jpg')])).toEqual([
      { path: 'images', msg: 'huge.jpg - File too large. Maximum size is 5MB.' },
    ]);
  });

  it('refuses a 20000×20000 PNG bomb before decoding it', async () => {
    expect(
      await rejected([{ name: 'bomb.png', bytes: pngBomb(20_000), type: 'image/png' }]),
    ).toEqual([
      { path: 'images', msg: 'bomb.png - Image dimensions too large. Maximum is 50 megapixels.' },
    ]);
  });

  it('refuses an 11th photo, counting the ones the listing has', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => jpg(photos[i % 4]!, `p${i}.jpg`));
    expect(await rejected([...ten, jpg(photos[0]!, 'eleventh.jpg')])).toEqual([
      { path: 'images', msg: 'Maximum 10 images allowed. You can add 10 more images.' },
    ]);
    const { body } = await create(owner.token, fields, ten.slice(0, 8));
    const res = await t.request<ErrorBody>('PUT', `/api/properties/${body.property._id}`, {
      token: owner.token,
      form: form({}, ten.slice(0, 3)),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'images', msg: 'Maximum 10 images allowed. You can add 2 more images.' },
    ]);
  });

  it('strips EXIF (GPS included) and applies the camera orientation', async () => {
    const input = await jpegWithGps({ width: 800, height: 600, orientation: 6 });
    const inMeta = await sharp(input).metadata();
    expect(hasGpsTag(inMeta.exif)).toBe(true);
    expect(inMeta.orientation).toBe(6);
    const res = await create(owner.token, fields, [jpg(input, 'phone.jpg')]);
    expect(res.status).toBe(201);
    const image = (await processed(res.body.property._id)).images[0]!;
    // Orientation 6 is a quarter turn: the stored photo is portrait.
    expect([image.width, image.height]).toEqual([600, 800]);
    for (const key of image.variants.flatMap((v) => [mediaKeyOf(v.url)!, mediaKeyOf(v.avif!)!])) {
      const stored = await disk.store.get(key);
      const meta = await sharp(
        Buffer.from(await new Response(stored!.body).arrayBuffer()),
      ).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width);
    }
  });

  it('accepts PNG and WebP too', async () => {
    const png = await samplePhoto({ width: 500, height: 400, format: 'png' });
    const webp = await samplePhoto({ width: 500, height: 400, format: 'webp' });
    const res = await create(owner.token, fields, [
      { name: 'a.png', bytes: png, type: 'image/png' },
      { name: 'b.webp', bytes: webp, type: 'image/webp' },
    ]);
    expect(res.status).toBe(201);
    // Never enlarged: a 500 px photo has a 320 rendition and its own width.
    const done = await processed(res.body.property._id);
    expect(done.images[0]!.variants.map((v) => v.width)).toEqual([320, 500]);
  });
});
