import type { FieldError } from '@rentals/core/errors';
import type { ListingImage } from '@rentals/core/listings/listing';
import { INCOMING_PREFIX, mediaUrl, type MediaStore } from '../media/mediaStore.ts';
import { createFairPool } from '../media/fairPool.ts';
import type { ReceivedPhoto } from '@rentals/core/listings/events';
import {
  checkPhoto,
  type CheckedPhoto,
  type ProcessedPhoto,
  type ProcessedVariant,
} from '../media/photoPipeline.ts';
import type { NewPhotoJob } from './photoJobs.ts';
import { MAX_UPLOAD_PIXELS, photoMessages } from '../media/photoRules.ts';

/**
 * Every photo is decoded in this one pool, after its upload was answered (the
 * photo processor, photoProcessor.ts): two at a time (this machine class has
 * two cores, and each decode holds tens of MB), taking turns between owners,
 * with megapixels as the cost. Up to four uploads' worth may wait, one per
 * owner; the processor leaves the rest in its queue.
 */
export const photoPool = createFairPool({
  slots: 2,
  maxQueuedCost: (4 * MAX_UPLOAD_PIXELS) / 1_000_000,
  maxQueuedCostPerKey: MAX_UPLOAD_PIXELS / 1_000_000,
  retryAfterSeconds: 10,
  busyMessage: photoMessages.busy,
});

export const listingMediaPrefix = (listingId: string) => `listings/${listingId}`;

/**
 * Checks every uploaded file (size, type by content, pixel limit) and the
 * request's pixels in all, and returns the accepted ones, or the spec's
 * message for each bad file. One bad file rejects the batch, so the caller
 * throws before storing anything.
 */
export const checkPhotos = async (
  files: File[],
): Promise<{ photos: CheckedPhoto[]; errors: FieldError[] }> => {
  const results = await Promise.all(
    files.map((file) =>
      checkPhoto({ name: file.name || 'image', size: file.size, bytes: () => file.bytes() }),
    ),
  );
  const errors: FieldError[] = [];
  const photos: CheckedPhoto[] = [];
  for (const r of results) {
    if (r.error !== undefined) errors.push({ path: 'images', msg: r.error });
    else photos.push(r.photo);
  }
  const pixels = photos.reduce((sum, photo) => sum + photo.pixels, 0);
  if (errors.length === 0 && pixels > MAX_UPLOAD_PIXELS)
    errors.push({ path: 'images', msg: photoMessages.tooManyPixelsInAll });
  return { photos, errors };
};

const originalKey = (listingId: string, photoId: string) =>
  `${INCOMING_PREFIX}/${listingId}/${photoId}`;

/** A file name as the owner will read it again ('kitchen.jpg'), bounded for the event. */
const displayName = (name: string) =>
  [...name]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 255) || 'photo';

/**
 * What the event and the queue record of each checked photo, and `store`,
 * which keeps them as uploaded (no decoding: the answer does not wait for
 * it; the processor, photoProcessor.ts, makes the renditions afterwards).
 */
export const planOriginals = (
  media: MediaStore,
  listingId: string,
  photos: CheckedPhoto[],
  captions: string[],
  newId: () => string,
): { received: ReceivedPhoto[]; jobs: NewPhotoJob[]; store: () => Promise<void> } => {
  const jobs = photos.map((photo, i) => {
    const photoId = newId();
    return {
      photoId,
      name: displayName(photo.name),
      caption: captions[i] ?? '',
      originalKey: originalKey(listingId, photoId),
      pixels: photo.pixels,
      bytes: photo.bytes,
    };
  });
  return {
    store: async () => {
      await Promise.all(
        jobs.map((j) => media.put(j.originalKey, j.bytes, 'application/octet-stream')),
      );
    },
    received: jobs.map((j) => ({
      id: j.photoId,
      name: j.name,
      caption: j.caption,
      original: j.originalKey,
    })),
    jobs: jobs.map(({ bytes: _bytes, ...job }) => job),
  };
};

/**
 * Stores each width's WebP and AVIF under a prefix, named by their content hashes; the image's
 * variants name both (`avif` is absent on photos processed before AVIF was made).
 */
export const storeVariants = (store: MediaStore, prefix: string, variants: ProcessedVariant[]) =>
  Promise.all(
    variants.map(async (v) => {
      const webp = `${prefix}/${v.hash}-${v.width}.webp`;
      const avif = `${prefix}/${v.avif.hash}-${v.width}.avif`;
      await Promise.all([
        store.put(webp, v.bytes, 'image/webp'),
        store.put(avif, v.avif.bytes, 'image/avif'),
      ]);
      return { width: v.width, height: v.height, url: mediaUrl(webp), avif: mediaUrl(avif) };
    }),
  );

/** Stores the renditions of one processed photo under the listing's prefix: the image but its caption. */
export const storeRenditions = async (
  store: MediaStore,
  listingId: string,
  photoId: string,
  p: ProcessedPhoto,
): Promise<Omit<ListingImage, 'caption'>> => {
  const variants = await storeVariants(store, listingMediaPrefix(listingId), p.variants);
  return {
    id: photoId,
    url: variants[variants.length - 1]!.url,
    variants,
    width: p.width,
    height: p.height,
    placeholder: p.placeholder,
    phash: p.phash,
  };
};
