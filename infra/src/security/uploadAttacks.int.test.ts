// Security checklist: uploads, as an attacker sends them to the real web server and reads
// back what it serves under /media. Decompression bombs of every accepted format,
// polyglots and disguised files, metadata that gives a home away (EXIF and XMP GPS in
// JPEG, PNG and WebP), hostile file names, and the count and size limits. (Truncated and
// corrupt files, pixels per request and the photo pool: uploads.int.test.ts.)
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoMessages } from '@rentals/api/media/photoRules';
import { hasGpsTag, pngBomb, samplePhoto } from '@rentals/api/media/samplePhotos';
import { call } from './testing/attacker.ts';
import { LISTING_FORM, listingForm, type Upload } from '@rentals/testing/listingForm';
import { testWebServerWithUsers } from './testing/webServer.ts';
import { processWaitingPhotos } from '@rentals/api/listings/photoProcessor';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { listingStreamId, type ListingEvent } from '@rentals/core/listings/events';
import { fold } from '@rentals/core/listings/state';

type Image = {
  id: string;
  url: string;
  placeholder: string;
  caption: string;
  variants: { url: string; avif?: string }[];
};
type Answer = {
  property: { _id: string; images: Image[] };
  message?: string;
  errors?: { path: string; msg: string }[];
};

const s = testWebServerWithUsers({ owner: 'homeowner' });
let jpeg: Buffer;
let mediaRoot: string;

beforeAll(async () => {
  mediaRoot = join(dirname(s.web.dataDir), 'media');
  jpeg = await samplePhoto({ width: 900, height: 600, label: 'room' });
});

const upload = (files: Upload[], values: Record<string, string> = LISTING_FORM) =>
  call<Answer>(s.web.base, 'POST', '/api/properties', {
    token: s.owner.token,
    form: listingForm(values, files),
  });

const storedFiles = async () =>
  (await readdir(mediaRoot, { recursive: true }).catch(() => [] as string[])).filter((f) =>
    /\.\w+$/.test(f),
  );

const listingCount = async () =>
  (await s.web.t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM streams`)[0]!.n;

/** Refused with exactly these field errors, and neither a listing nor a file was stored. */
const refused = async (files: Upload[], errors: { path: string; msg: string }[]) => {
  const [before, listings] = [(await storedFiles()).length, await listingCount()];
  const res = await upload(files);
  expect(res.status, res.text).toBe(400);
  expect(res.body).toEqual({ message: 'Validation failed', errors });
  expect((await storedFiles()).length).toBe(before);
  expect(await listingCount()).toBe(listings);
};
const invalid = (name: string) => [{ path: 'images', msg: photoMessages.invalidType(name) }];

/**
 * The listing's images once its photos are processed (uploads are answered
 * before: photoProcessor.ts), from its log, as this file runs no projections.
 */
const processedImages = async (id: string): Promise<Image[]> => {
  await processWaitingPhotos({ ...s.web.deps, media: localDiskStore(mediaRoot) });
  const { events } = await s.web.deps.eventStore.readStream(listingStreamId(id));
  return toPropertyDocument(fold(events as unknown as ListingEvent[]))!.images;
};

/** Every rendition of every photo, as the server serves it. */
const served = async (images: Image[]) =>
  Promise.all(
    images.flatMap((image) =>
      image.variants.map(async (v) => {
        const res = await fetch(`${s.web.base}${v.url}`);
        return {
          url: v.url,
          status: res.status,
          type: res.headers.get('content-type'),
          nosniff: res.headers.get('x-content-type-options'),
          bytes: Buffer.from(await res.arrayBuffer()),
        };
      }),
    ),
  );

/** A baseline JPEG whose frame header claims `size`×`size` pixels. */
const jpegBomb = async (size: number) => {
  const bytes = Buffer.from(await sharp(jpeg).jpeg({ progressive: false }).toBuffer());
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(size, sof + 5);
  bytes.writeUInt16BE(size, sof + 7);
  return bytes;
};

describe('decompression bombs: refused from the header, before any pixel is decoded', () => {
  it.each<[string, () => Promise<Buffer> | Buffer]>([
    ['a complete 20000×20000 PNG (tens of KB on the wire)', () => pngBomb(20_000)],
    ['a 65500×65500 JPEG header over a small picture', () => jpegBomb(65_500)],
    ['a 7500×7500 JPEG header (56 megapixels, just past the limit)', () => jpegBomb(7_500)],
  ])('%s', async (_, make) => {
    const bytes = await make();
    expect(bytes.length).toBeLessThan(MAX_PHOTO_BYTES);
    await refused(
      [{ name: 'bomb.img', bytes, type: 'image/png' }],
      [{ path: 'images', msg: photoMessages.tooManyPixels('bomb.img') }],
    );
  });
});

describe('files that are not what they say', () => {
  const html = '<html><body><script>alert(document.domain)</script></body></html>';
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
  const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
  const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const text = (s: string) => Buffer.from(s);

  it.each<[string, Upload]>([
    ['an SVG named .png', { name: 'plan.png', bytes: text(svg), type: 'image/png' }],
    ['an SVG declared as SVG', { name: 'plan.svg', bytes: text(svg), type: 'image/svg+xml' }],
    [
      'an SVG behind PNG magic bytes',
      { name: 'plan.png', bytes: Buffer.concat([PNG_MAGIC, text(svg)]), type: 'image/png' },
    ],
    [
      'HTML behind JPEG magic bytes',
      { name: 'photo.jpg', bytes: Buffer.concat([JPEG_MAGIC, text(html)]), type: 'image/jpeg' },
    ],
    ['an HTML page named .jpg', { name: 'photo.jpg', bytes: text(html), type: 'image/jpeg' }],
    [
      'a PHP web shell named .jpg',
      { name: 'shell.php.jpg', bytes: text("<?php system($_GET['c']); ?>"), type: 'image/jpeg' },
    ],
    [
      'a GIF (not an accepted type)',
      { name: 'anim.gif', bytes: text('GIF89a\u0001\u0000\u0001\u0000'), type: 'image/gif' },
    ],
    ['an empty file', { name: 'empty.jpg', bytes: new Uint8Array(), type: 'image/jpeg' }],
  ])('%s: the invalid-type message, nothing stored', async (_, file) => {
    await refused([file], invalid(file.name));
  });

  it('a real TIFF and a real GIF made by an image library are refused too', async () => {
    const tiff = await sharp(jpeg).tiff().toBuffer();
    const gif = await sharp(jpeg).gif().toBuffer();
    await refused([{ name: 'scan.jpg', bytes: tiff, type: 'image/jpeg' }], invalid('scan.jpg'));
    await refused([{ name: 'anim.jpg', bytes: gif, type: 'image/jpeg' }], invalid('anim.jpg'));
  });

  it('a real JPEG carrying HTML and script (after its end, and in a comment) is stored only as re-encoded WebP with none of it', async () => {
    const payload = '<script>alert(document.cookie)</script><?php echo 1; ?>';
    const withComment = await sharp(jpeg).jpeg().toBuffer();
    // A COM segment (FF FE) right after SOI, then the same payload appended after EOI.
    const comment = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from([0, payload.length + 2]),
      Buffer.from(payload),
    ]);
    const polyglot = Buffer.concat([
      withComment.subarray(0, 2),
      comment,
      withComment.subarray(2),
      Buffer.from(payload),
    ]);
    const res = await upload([{ name: 'polyglot.html', bytes: polyglot, type: 'text/html' }]);
    expect(res.status, res.text).toBe(201);
    for (const file of await served(await processedImages(res.body.property._id))) {
      expect(file.status).toBe(200);
      expect(file.url).toMatch(/^\/media\/listings\/[\w-]+\/[0-9a-f]{20}-\d+\.webp$/);
      expect(file.type).toBe('image/webp');
      expect(file.nosniff).toBe('nosniff');
      expect(file.bytes.subarray(0, 4).toString()).toBe('RIFF');
      expect(file.bytes.includes('<script')).toBe(false);
      expect(file.bytes.includes('<?php')).toBe(false);
    }
  });

  it('judges by content, whatever the name and declared type: a PNG named .jpg and a JPEG declared as PNG are stored as WebP', async () => {
    const png = await sharp(jpeg).png().toBuffer();
    const res = await upload([
      { name: 'really-a-png.jpg', bytes: png, type: 'image/jpeg' },
      { name: 'really-a-jpeg.png', bytes: jpeg, type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    const images = await processedImages(res.body.property._id);
    expect(images).toHaveLength(2);
    for (const file of await served(images)) expect(file.type).toBe('image/webp');
  });

  it('files under any other field name are not taken (only `images` is)', async () => {
    const files = await storedFiles();
    const form = listingForm(LISTING_FORM, []);
    for (const field of ['photo', 'file', 'images[0]', 'avatar', 'location[images]'])
      form.append(field, new File([jpeg], 'other.jpg', { type: 'image/jpeg' }));
    const res = await call<Answer>(s.web.base, 'POST', '/api/properties', {
      token: s.owner.token,
      form,
    });
    expect(res.status).toBe(201);
    expect(res.body.property.images).toEqual([]);
    expect((await storedFiles()).length).toBe(files.length);
  });
});

describe('metadata that gives a home away', () => {
  const gps = {
    IFD0: { Make: 'TestPhone', Model: 'Camera 1', Artist: 'Asha Rao', Copyright: '<b>x</b>' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '18/1 33/1 3240/100',
      GPSLongitudeRef: 'E',
      GPSLongitude: '73/1 47/1 1248/100',
    },
  };
  const xmp =
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ' +
    'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="18,33.54N" exif:GPSLongitude="73,47.208E"/>' +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

  it.each(['jpeg', 'png', 'webp'] as const)(
    'a %s with EXIF GPS, camera owner and XMP GPS: no rendition the server serves (nor the placeholder) keeps any of it',
    async (format) => {
      const photo = await sharp(await samplePhoto({ width: 1600, height: 1200, label: format }))
        .withExif(gps)
        .withXmp(xmp)
        .toFormat(format)
        .toBuffer();
      const before = await sharp(photo).metadata();
      expect(hasGpsTag(before.exif)).toBe(true);
      expect(before.xmp?.toString()).toContain('GPSLatitude');

      const res = await upload([{ name: `home.${format}`, bytes: photo, type: `image/${format}` }]);
      expect(res.status, res.text).toBe(201);
      const [image] = await processedImages(res.body.property._id);
      const files = await served([image!]);
      expect(files.map((f) => f.url)).toHaveLength(3);
      const placeholder = Buffer.from(image!.placeholder.split(',')[1]!, 'base64');
      for (const bytes of [...files.map((f) => f.bytes), placeholder]) {
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        for (const trace of ['Exif', 'GPS', 'TestPhone', 'Asha Rao', 'xmpmeta'])
          expect(bytes.includes(trace), trace).toBe(false);
      }
    },
  );
});

describe('hostile file names', () => {
  const names = [
    '../../../../../../tmp/rentals-pwned.jpg',
    '..\\..\\..\\rentals-pwned.jpg',
    '/etc/passwd',
    '%2e%2e%2f%2e%2e%2frentals-pwned.jpg',
    '<img src=x onerror=alert(1)>.jpg',
    '"><svg onload=alert(1)>.jpg',
    `${'a'.repeat(2000)}.jpg`,
  ];

  it('never become part of a stored name or URL: every file is <hash>-<width>.webp or .avif under the listing', async () => {
    const res = await upload(names.map((name) => ({ name, bytes: jpeg, type: 'image/jpeg' })));
    expect(res.status, res.text).toBe(201);
    const images = await processedImages(res.body.property._id);
    expect(images).toHaveLength(names.length);
    const urls = images.flatMap((i) => i.variants.flatMap((v) => [v.url, v.avif ?? '']));
    for (const url of urls)
      expect(url).toMatch(
        new RegExp(`^/media/listings/${res.body.property._id}/[0-9a-f]{20}-\\d+\\.(webp|avif)$`),
      );
    for (const file of await storedFiles())
      expect(file).toMatch(/^listings\/[\w-]+\/[0-9a-f]{20}-\d+\.(webp|avif)$/);
    expect(existsSync(join(tmpdir(), 'rentals-pwned.jpg'))).toBe(false);
    expect(existsSync(join(dirname(mediaRoot), 'rentals-pwned.jpg'))).toBe(false);
  });

  it('come back in an error message only as JSON text, never as markup', async () => {
    const name = '<img src=x onerror=alert(1)>.jpg';
    const res = await upload([
      { name, bytes: Buffer.from('<b>not an image</b>'), type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.errors).toEqual(invalid(name));
  });
});

describe('count and size limits', () => {
  it('an 11th photo on create refuses the whole batch before any is examined', async () => {
    await refused(
      Array.from({ length: 11 }, (_, i) => ({
        name: `p${i}.jpg`,
        bytes: jpeg,
        type: 'image/jpeg',
      })),
      [{ path: 'images', msg: 'Maximum 10 images allowed. You can add 10 more images.' }],
    );
  });

  it('photos added on edits never take a listing past 10', async () => {
    const created = await upload(
      Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.jpg`, bytes: jpeg, type: 'image/jpeg' })),
    );
    expect(created.status).toBe(201);
    const id = created.body.property._id;
    const edit = (n: number) =>
      call<Answer>(s.web.base, 'PUT', `/api/properties/${id}`, {
        token: s.owner.token,
        form: listingForm(
          {},
          Array.from({ length: n }, (_, i) => ({
            name: `e${i}.jpg`,
            bytes: jpeg,
            type: 'image/jpeg',
          })),
        ),
      });
    const two = await edit(2);
    expect(two.status).toBe(400);
    expect(two.body.errors).toEqual([
      { path: 'images', msg: 'Maximum 10 images allowed. You can add 1 more images.' },
    ]);
    expect((await edit(1)).status).toBe(200);
    expect((await edit(1)).status).toBe(400);
  });

  it('a file one byte over 5 MB is refused; one of exactly 5 MB is accepted', async () => {
    // A real JPEG padded after its end marker: decoders ignore the tail, only the size differs.
    const padded = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length, 0x20)]);
    await refused(
      [{ name: 'big.jpg', bytes: padded(MAX_PHOTO_BYTES + 1), type: 'image/jpeg' }],
      [{ path: 'images', msg: photoMessages.tooLarge('big.jpg') }],
    );
    const res = await upload([
      { name: 'exact.jpg', bytes: padded(MAX_PHOTO_BYTES), type: 'image/jpeg' },
    ]);
    expect(res.status, res.text).toBe(201);
  });
});
