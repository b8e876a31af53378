import { ValidationError, type FieldError } from '@rentals/core/errors';
import type { ListingImage } from '@rentals/core/listings/listing';
import { mediaUrl, type MediaStore } from '../media/mediaStore.ts';
import { createFairPool } from '../media/fairPool.ts';
import {
  checkPhoto,
  processPhoto,
  UndecodablePhotoError,
  type CheckedPhoto,
} from '../media/photoPipeline.ts';
import { MAX_UPLOAD_PIXELS, photoMessages } from '../media/photoRules.ts';

/**
 * Every request's photos are decoded in this one pool: two at a time (this
 * machine class has two cores, and each decode holds tens of MB), taking
 * turns between users, with megapixels as the cost. Up to four uploads' worth
 * may wait, one per user; beyond that an upload gets 503 with Retry-After at
 * once rather than waiting behind someone else's photos.
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

/** Decodes the request's photos in the shared pool; an undecodable one rejects the batch (400). */
const processInPool = async (photos: CheckedPhoto[], uploader: string) => {
  try {
    return await photoPool.run(
      uploader,
      photos.map((photo) => ({ cost: photo.pixels / 1_000_000, run: () => processPhoto(photo) })),
    );
  } catch (error) {
    if (error instanceof UndecodablePhotoError)
      throw new ValidationError([{ path: 'images', msg: error.message }]);
    throw error;
  }
};

/**
 * Processes checked photos (in the pool, in `uploader`'s turn) and stores
 * every rendition under the listing's prefix; nothing is stored when one
 * photo cannot be decoded. Returns the images for the event; their ids come
 * from `newId`.
 */
export const storeListingPhotos = async (
  store: MediaStore,
  listingId: string,
  photos: CheckedPhoto[],
  captions: string[],
  newId: () => string,
  uploader: string,
): Promise<ListingImage[]> => {
  const processed = photos.length === 0 ? [] : await processInPool(photos, uploader);
  return Promise.all(
    processed.map(async (p, i) => {
      const variants = await Promise.all(
        p.variants.map(async (v) => {
          const key = `${listingMediaPrefix(listingId)}/${v.hash}-${v.width}.webp`;
          await store.put(key, v.bytes, 'image/webp');
          return { width: v.width, height: v.height, url: mediaUrl(key) };
        }),
      );
      return {
        id: newId(),
        url: variants[variants.length - 1]!.url,
        variants,
        width: p.width,
        height: p.height,
        placeholder: p.placeholder,
        caption: captions[i] ?? '',
      };
    }),
  );
};
