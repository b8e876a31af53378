import type { ListingCreated } from '@rentals/core/listings/events';
import { recordedFields } from '@rentals/core/listings/facilityTerms';
import { generateListing, placePicker } from '../../seed/listingGenerator.ts';
import { loadSeedLocalities } from '../../seed/localities.ts';
import type { PooledPhoto } from '../../seed/photoPool.ts';
import { createRandom } from '../../seed/random.ts';

/** The seed's cities and their popular localities: the benchmarks list and search the same places. */
export const BENCH_CITIES = loadSeedLocalities();
const pickPlace = placePicker(BENCH_CITIES);

/** Stand-ins for the seed's photo pool (URLs only): the read-side benchmarks never load an image. */
const PHOTOS: PooledPhoto[] = Array.from({ length: 6 }, (_, i) => ({
  url: `/media/pool/bench-${i}-1280.webp`,
  variants: [{ width: 640, height: 480, url: `/media/pool/bench-${i}-640.webp` }],
  width: 1280,
  height: 960,
  placeholder: 'data:image/webp;base64,UklGRhIAAABXRUJQVlA4TAYAAAAvAAAAAAfQ//73v/+BiOh/AAA=',
  caption: '',
}));

/**
 * The creation event of listing number `n`: the seed's generator, drawing
 * from a random stream of its own number, so any listing can be made again
 * alone (an interrupted seeding resumes with exactly the missing ones).
 */
export const generatedListing = (n: number, ownerId: string, at: string): ListingCreated => {
  const random = createRandom(n + 1);
  const { city, locality } = pickPlace(random);
  const { fields, images } = generateListing(random, city, locality, PHOTOS);
  return {
    type: 'ListingCreated',
    data: {
      listingId: `bench-${String(n).padStart(7, '0')}`,
      at,
      ...recordedFields(fields),
      ownerId,
      owner: { name: `Owner ${ownerId.slice(-4)}`, role: 'homeowner' },
      images,
      isAvailable: true,
      isVerified: random.chance(0.3),
      createdAt: at,
    },
  };
};
