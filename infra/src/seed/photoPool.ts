import { processPhoto } from '@rentals/api/media/photoPipeline';
import type { MediaStore } from '@rentals/api/media/mediaStore';
import { storeVariants } from '@rentals/api/listings/photos';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import type { ListingImage } from '@rentals/core/listings/listing';

/** A processed photo the seed reuses across listings; each listing gives it its own image id. */
export type PooledPhoto = Omit<ListingImage, 'id' | 'caption'> & { caption: string };

const ROOMS = [
  ['Living room', '#f59e0b', '#7c2d12'],
  ['Bedroom', '#a78bfa', '#1e1b4b'],
  ['Kitchen', '#34d399', '#064e3b'],
  ['Bathroom', '#38bdf8', '#0c4a6e'],
  ['Balcony view', '#fb7185', '#4c0519'],
  ['Building entrance', '#facc15', '#422006'],
  ['Dining area', '#f97316', '#431407'],
  ['Study corner', '#60a5fa', '#172554'],
  ['Terrace', '#4ade80', '#14532d'],
  ['Guest room', '#e879f9', '#4a044e'],
  ['Parking', '#94a3b8', '#0f172a'],
  ['Garden', '#22c55e', '#052e16'],
] as const;

/**
 * Makes the seed's photos locally (gradients with shapes and a room label, no
 * network), sends each through the same pipeline as an upload and stores the
 * renditions under `pool/`, which no listing delete ever removes. Content
 * hashes make this idempotent: a second run writes the same keys.
 */
export const buildPhotoPool = async (
  store: MediaStore,
  variantsPerRoom = 2,
): Promise<PooledPhoto[]> => {
  const pool: PooledPhoto[] = [];
  for (const [index, [label, from, to]] of ROOMS.entries()) {
    for (let v = 0; v < variantsPerRoom; v++) {
      const bytes = await samplePhoto({
        width: 1600,
        height: 1200,
        colors: v % 2 === 0 ? [from, to] : [to, from],
        label,
        quality: 82,
      });
      const processed = await processPhoto({ name: `${index}-${v}.jpg`, bytes });
      const variants = await storeVariants(store, 'pool', processed.variants);
      pool.push({
        url: variants[variants.length - 1]!.url,
        variants,
        width: processed.width,
        height: processed.height,
        placeholder: processed.placeholder,
        phash: processed.phash,
        caption: label,
      });
    }
  }
  return pool;
};
