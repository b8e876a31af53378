import type { FieldError } from '../shared/errors.ts';
import type { ListingImage } from './domain/listing.ts';
import { mediaUrl, type MediaStore } from '../media/mediaStore.ts';
import { createLimiter } from '../media/limiter.ts';
import { checkPhoto, processPhoto, type CheckedPhoto } from '../media/photoPipeline.ts';

/**
 * Two photos decode at a time across the whole process (this machine class
 * has two cores, and each decode holds tens of MB), however many uploads are
 * in flight.
 */
const decodeSlot = createLimiter(2);

export const listingMediaPrefix = (listingId: string) => `listings/${listingId}`;

/**
 * Checks every uploaded file (size, type by content, pixel limit) and
 * returns the accepted ones, or the spec's message for each bad file. One
 * bad file rejects the batch, so the caller throws before storing anything.
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
  return { photos, errors };
};

/**
 * Processes checked photos and stores every rendition under the listing's
 * prefix. Returns the images for the event; their ids come from `newId`.
 */
export const storeListingPhotos = async (
  store: MediaStore,
  listingId: string,
  photos: CheckedPhoto[],
  captions: string[],
  newId: () => string,
): Promise<ListingImage[]> => {
  const processed = await Promise.all(photos.map((photo) => decodeSlot(() => processPhoto(photo))));
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
