import type { Random } from '../../seed/random.ts';
import { multipart } from './multipart.ts';
import type { Place } from './places.ts';

/**
 * The create form of SPEC §7 (multipart, JSON-text sub-objects, files under
 * `images`) for a flat in one of the place's localities, with `photo`.
 */
export const listingForm = (random: Random, place: Place, title: string, photo: Uint8Array) => {
  const locality = random.pick(place.localities);
  const bedrooms = random.int(1, 3);
  const rent = Math.round((place.oneBhkRent * (0.8 + bedrooms * 0.5)) / 500) * 500;
  return multipart(
    [
      ['title', title],
      [
        'description',
        `A load-test flat in ${locality.name}, ${place.name}: bright, airy, near the market.`,
      ],
      ['propertyType', 'flat'],
      ['rent', String(rent)],
      ['rentType', 'monthly'],
      ['showOnMap', 'true'],
      ['location[city]', place.name],
      ['location[area]', locality.name],
      ['location[pinCode]', locality.pinCode],
      ['location[address]', `Flat ${random.int(1, 40)}, ${locality.name}`],
      ['location[coordinates][latitude]', String(locality.lat)],
      ['location[coordinates][longitude]', String(locality.lng)],
      ['facilities', JSON.stringify({ wifi: true, parking: random.chance(0.5) })],
      [
        'propertyDetails',
        JSON.stringify({ bedrooms, bathrooms: Math.max(1, bedrooms - 1), area: 450 * bedrooms }),
      ],
      ['contactInfo', JSON.stringify({ showPhone: true, showEmail: false })],
    ],
    [{ field: 'images', name: 'front.jpg', type: 'image/jpeg', bytes: photo }],
  );
};
