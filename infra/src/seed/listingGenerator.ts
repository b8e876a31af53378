import {
  FACILITIES,
  type Facilities,
  type ListingFields,
  type ListingImage,
  type PropertyType,
} from '@rentals/core/listings/listing';
import type { SeedCity } from './cities.ts';
import { LANDMARKS } from './landmarks.ts';
import type { Locality } from './localities.ts';
import type { PooledPhoto } from './photoPool.ts';
import type { Random } from './random.ts';

const STREETS = [
  'Main Road',
  '1st Cross',
  '2nd Cross',
  '3rd Main',
  'Station Road',
  'Temple Street',
  'Gandhi Road',
  'Nehru Street',
  'Market Road',
  'Church Street',
  'Lake View Road',
  'Park Avenue',
  'School Lane',
  'Ring Road',
  'Link Road',
  'Hill Road',
];
const BUILDINGS = [
  'Residency',
  'Apartments',
  'Heights',
  'Enclave',
  'Towers',
  'Greens',
  'Nest',
  'Palace',
  'Homes',
  'Court',
];
const BUILDING_NAMES = [
  'Sai',
  'Krishna',
  'Shanti',
  'Lotus',
  'Sunrise',
  'Royal',
  'Silver Oak',
  'Green Park',
  'Prestige',
  'Harmony',
];

/** How likely each facility is, by property type. */
const FACILITY_ODDS: Record<PropertyType, Record<(typeof FACILITIES)[number], number>> = {
  flat: {
    wifi: 0.5,
    parking: 0.7,
    ac: 0.4,
    kitchen: 0.95,
    laundry: 0.3,
    security: 0.75,
    gym: 0.3,
    pool: 0.15,
    garden: 0.25,
    balcony: 0.75,
    furnished: 0.4,
    petFriendly: 0.3,
  },
  house: {
    wifi: 0.4,
    parking: 0.85,
    ac: 0.35,
    kitchen: 1,
    laundry: 0.5,
    security: 0.4,
    gym: 0.05,
    pool: 0.08,
    garden: 0.6,
    balcony: 0.6,
    furnished: 0.35,
    petFriendly: 0.6,
  },
  PG: {
    wifi: 0.95,
    parking: 0.4,
    ac: 0.5,
    kitchen: 0.3,
    laundry: 0.85,
    security: 0.8,
    gym: 0.1,
    pool: 0.02,
    garden: 0.1,
    balcony: 0.3,
    furnished: 0.95,
    petFriendly: 0.05,
  },
};

/** How a description names each facility. */
const FACILITY_WORDS: Record<(typeof FACILITIES)[number], string> = {
  wifi: 'Wi-Fi',
  parking: 'parking',
  ac: 'air conditioning',
  kitchen: 'a modular kitchen',
  laundry: 'a washing machine',
  security: '24x7 security',
  gym: 'a gym',
  pool: 'a swimming pool',
  garden: 'a garden',
  balcony: 'a balcony',
  furnished: 'furniture',
  petFriendly: 'pets allowed',
};

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/** Cities where owners advertise 'builder floors' (a storey of a low-rise) rather than houses. */
const BUILDER_FLOOR_CITIES = new Set(['Delhi', 'Gurugram', 'Noida', 'Chandigarh']);
/** Cities with a metro or suburban rail that listings mention. */
const METRO_CITIES = new Set([
  'Mumbai',
  'Delhi',
  'Bengaluru',
  'Hyderabad',
  'Chennai',
  'Kolkata',
  'Pune',
  'Ahmedabad',
  'Jaipur',
  'Lucknow',
  'Kochi',
  'Gurugram',
  'Noida',
  'Nagpur',
]);

type Furnishing = 'fully furnished' | 'semi-furnished' | 'unfurnished';
/** What furnishing does to the rent. */
const FURNISHING_RENT: Record<Furnishing, number> = {
  'fully furnished': 1.15,
  'semi-furnished': 1,
  unfurnished: 0.92,
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Somewhere near the listing that its title can name: a known landmark, else the locality's own. */
const landmarkNear = (random: Random, city: SeedCity, locality: Locality) => {
  const known = LANDMARKS[`${city.name}/${locality.name}`] ?? [];
  // 'Sohna Road' is a road already: not 'Sohna Road Main Road'.
  const own = /\bRoad$/.test(locality.name)
    ? [locality.name, `${locality.name} Bus Stop`]
    : [`${locality.name} Market`, `${locality.name} Main Road`, `${locality.name} Bus Stop`];
  return random.pick(known.length > 0 && random.chance(0.7) ? known : own);
};

type TitleInput = {
  propertyType: PropertyType;
  houseKind: string;
  bedrooms: number;
  furnishing: Furnishing;
  facilities: Facilities;
  forWhom: string;
  city: SeedCity;
  locality: Locality;
};

/** A title as owners on Indian portals write them, varied in shape. */
const titleFor = (random: Random, t: TitleInput): string => {
  const bhk = `${t.bedrooms} BHK`;
  const at = t.locality.name;
  const near = landmarkNear(random, t.city, t.locality);
  const perk = random.pick(
    [
      t.facilities.balcony && 'balcony',
      t.facilities.parking && 'covered parking',
      t.facilities.garden && 'garden',
      t.facilities.ac && 'AC',
      t.facilities.security && '24x7 security',
      t.facilities.gym && 'gym',
      t.facilities.pool && 'pool',
    ]
      .filter((p): p is string => typeof p === 'string')
      .concat(['good ventilation']),
  );
  if (t.propertyType === 'PG') {
    const who = t.forWhom;
    return random.pick([
      `PG ${who} in ${at} with meals`,
      `PG ${who} near ${near}, single and twin sharing`,
      `${t.facilities.ac ? 'AC' : 'Non-AC'} PG rooms ${who}, ${at}`,
      `Furnished PG ${who} in ${at}, ${t.city.name}`,
      `Co-living rooms near ${near} ${who}`,
    ]);
  }
  if (t.propertyType === 'house') {
    const kind = t.houseKind;
    return random.pick([
      `${bhk} ${t.furnishing} ${kind} in ${at}`,
      `${capitalise(kind)}, ${bhk}, with ${perk} in ${at}`,
      `${bhk} ${kind} near ${near}`,
      `${capitalise(t.furnishing)} ${bhk} ${kind} for rent in ${at}, ${t.city.name}`,
    ]);
  }
  const metro = METRO_CITIES.has(t.city.name) ? ['close to the metro'] : [];
  return random.pick([
    `${bhk} ${t.furnishing} flat near ${near}`,
    `${capitalise(t.furnishing)} ${bhk} apartment in ${at}`,
    `${bhk} flat for rent in ${at}, ${t.city.name}`,
    `${bhk} with ${perk} in ${at}`,
    `${bhk} flat in a gated society, ${at}`,
    `Spacious ${bhk} ${t.furnishing} flat, ${at}`,
    ...metro.map((m) => `${bhk} ${t.furnishing} flat in ${at}, ${m}`),
  ]);
};

export type GeneratedListing = { fields: ListingFields; images: ListingImage[] };

/**
 * One realistic listing in `city` at `locality`: type, size and floors that
 * fit together, a rent typical of the city, type, bedrooms and furnishing
 * (scaled by the locality's rent level), a title as owners write them, and
 * 0–5 pooled photos with fresh image ids.
 * Every value satisfies the API's validation.
 */
export const generateListing = (
  random: Random,
  city: SeedCity,
  locality: Locality,
  pool: readonly PooledPhoto[],
): GeneratedListing => {
  const roll = random.next();
  const propertyType: PropertyType = roll < 0.6 ? 'flat' : roll < 0.8 ? 'house' : 'PG';
  const bedrooms =
    propertyType === 'PG'
      ? 1
      : propertyType === 'house'
        ? random.int(2, 5)
        : random.pick([1, 1, 2, 2, 2, 3, 3, 4]);
  const bathrooms = propertyType === 'PG' ? 1 : Math.max(1, bedrooms - random.int(0, 1));
  const area =
    propertyType === 'PG'
      ? random.int(120, 220)
      : roundTo(bedrooms * random.int(380, 520) + random.int(100, 400), 10);
  const totalFloors =
    propertyType === 'house'
      ? random.int(1, 3)
      : propertyType === 'PG'
        ? random.int(2, 5)
        : random.int(3, 24);
  const floor = propertyType === 'house' ? 0 : random.int(0, totalFloors);

  const facilities = Object.fromEntries(
    FACILITIES.map((f) => [f, random.chance(FACILITY_ODDS[propertyType][f])]),
  ) as Facilities;
  const furnishing: Furnishing = facilities.furnished
    ? 'fully furnished'
    : random.pick(['semi-furnished', 'semi-furnished', 'unfurnished']);
  const forWhom = random.pick([
    'for women',
    'for men',
    'for students',
    'for working professionals',
  ]);

  const base =
    city.oneBhkRent *
    locality.rentLevel *
    FURNISHING_RENT[furnishing] *
    (0.85 + random.next() * 0.3);
  const monthly =
    propertyType === 'PG'
      ? roundTo(base * 0.42, 250)
      : propertyType === 'house'
        ? roundTo(base * 1.3 * (1 + 0.5 * (bedrooms - 1)), 500)
        : roundTo(base * (1 + 0.65 * (bedrooms - 1)), 500);
  const yearly = propertyType !== 'PG' && random.chance(0.07);
  const rent = yearly ? roundTo(monthly * 12 * 0.95, 1000) : monthly;

  const houseKind =
    BUILDER_FLOOR_CITIES.has(city.name) && random.chance(0.6)
      ? 'builder floor'
      : bedrooms >= 4
        ? 'independent villa'
        : 'independent house';
  const title = titleFor(random, {
    propertyType,
    houseKind,
    bedrooms,
    furnishing,
    facilities,
    forWhom,
    city,
    locality,
  }).slice(0, 100);

  const building = `${random.pick(BUILDING_NAMES)} ${random.pick(BUILDINGS)}`;
  const highlights = FACILITIES.filter((f) => facilities[f])
    .slice(0, 4)
    .map((f) => FACILITY_WORDS[f]);
  const storey = floor === 0 ? 'the ground floor' : `floor ${floor}`;
  const description = [
    propertyType === 'PG'
      ? `Single and twin sharing rooms ${forWhom} at ${building}, ${locality.name}, ${city.name}.`
      : `${capitalise(furnishing)} ${bedrooms} BHK ${propertyType === 'house' ? houseKind : `flat on ${storey} of ${totalFloors}`} at ${building}, ${locality.name}, ${city.name}.`,
    `About ${area} sq ft with ${bathrooms} bathroom${bathrooms > 1 ? 's' : ''}.`,
    highlights.length > 0 ? `Has ${highlights.join(', ')}.` : 'Simple and clean, no frills.',
    random.pick([
      'Close to the bus stop and daily markets.',
      'Walking distance to schools and a hospital.',
      'Ten minutes to the nearest metro or railway station.',
      'Quiet lane with 24-hour water supply.',
      'Power backup for lifts and common areas.',
    ]),
    // Who may rent and the deposit are said by the terms (indiaFields.ts), which close the description.
    ...(propertyType === 'PG' ? ['Meals, housekeeping and electricity included.'] : []),
  ].join(' ');

  // 12% without a map position; the rest near the PIN centroid (within ~600 m) so markers do not stack.
  const coordinates = random.chance(0.12)
    ? null
    : {
        latitude: Number((locality.lat + (random.next() - 0.5) * 0.011).toFixed(6)),
        longitude: Number((locality.lng + (random.next() - 0.5) * 0.011).toFixed(6)),
      };

  const photoCount = random.chance(0.05) ? 0 : random.int(1, 5);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(photoCount, pool.length))
    chosen.add(random.int(0, pool.length - 1));
  // The pool's photos go on thousands of listings of different accounts: with their perceptual
  // hashes every seeded listing would be a recycled-photo pair (docs/TRUST.md). The pool keeps its
  // hashes; a seeded listing's copy carries none, as photos processed before hashing carry none.
  const images: ListingImage[] = [...chosen].map((i) => {
    const { phash: _shared, ...photo } = pool[i]!;
    return { ...photo, id: random.uuid() };
  });

  return {
    fields: {
      title,
      description,
      propertyType,
      rent,
      rentType: yearly ? 'yearly' : 'monthly',
      location: {
        city: city.name,
        area: locality.name,
        pinCode: locality.pinCode,
        address: `${random.int(1, 420)}, ${building}, ${random.pick(STREETS)}`,
        coordinates,
      },
      facilities,
      propertyDetails: { bedrooms, bathrooms, area, floor, totalFloors },
      contactInfo: { showPhone: random.chance(0.9), showEmail: random.chance(0.4) },
      showOnMap: random.chance(0.95),
    },
    images,
  };
};

export type SeedLocalities = { city: SeedCity; localities: Locality[] };

/**
 * Picks where the next listing is: bigger cities (the table's first) get more
 * listings, as on a real site, then a locality of that city.
 */
export const placePicker = (cities: readonly SeedLocalities[]) => {
  const weights = cities.map((_, i) => (i < 6 ? 3 : i < 12 ? 2 : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  return (random: Random): { city: SeedCity; locality: Locality } => {
    let r = random.next() * totalWeight;
    let chosen = cities[cities.length - 1]!;
    for (const [i, w] of weights.entries())
      if ((r -= w) < 0) {
        chosen = cities[i]!;
        break;
      }
    return { city: chosen.city, locality: random.pick(chosen.localities) };
  };
};
