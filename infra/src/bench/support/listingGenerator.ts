import type { ListingEvent } from '@rentals/core/listings/events';
import { FACILITIES, type Facilities, type PropertyType } from '@rentals/core/listings/listing';

/** Small deterministic PRNG (mulberry32), so every run seeds the same listings. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Cities with a few real localities each, a centre and a typical rent level. */
export const CITIES = [
  {
    city: 'Bengaluru',
    lat: 12.97,
    lng: 77.59,
    rent: 25000,
    areas: [
      'Koramangala',
      'Indiranagar',
      'HSR Layout',
      'Whitefield',
      'Jayanagar',
      'Marathahalli',
      'BTM Layout',
      'Electronic City',
    ],
  },
  {
    city: 'Mumbai',
    lat: 19.08,
    lng: 72.88,
    rent: 45000,
    areas: [
      'Bandra West',
      'Andheri East',
      'Powai',
      'Goregaon',
      'Chembur',
      'Malad West',
      'Thane West',
    ],
  },
  {
    city: 'Delhi',
    lat: 28.61,
    lng: 77.21,
    rent: 28000,
    areas: ['Saket', 'Dwarka', 'Lajpat Nagar', 'Rohini', 'Karol Bagh', 'Vasant Kunj'],
  },
  {
    city: 'Pune',
    lat: 18.52,
    lng: 73.86,
    rent: 20000,
    areas: ['Kothrud', 'Hinjewadi', 'Viman Nagar', 'Baner', 'Wakad', 'Hadapsar'],
  },
  {
    city: 'Hyderabad',
    lat: 17.39,
    lng: 78.49,
    rent: 22000,
    areas: ['Gachibowli', 'Madhapur', 'Kondapur', 'Banjara Hills', 'Kukatpally'],
  },
  {
    city: 'Chennai',
    lat: 13.08,
    lng: 80.27,
    rent: 20000,
    areas: ['Adyar', 'Velachery', 'T Nagar', 'Anna Nagar', 'OMR'],
  },
  {
    city: 'Kolkata',
    lat: 22.57,
    lng: 88.36,
    rent: 16000,
    areas: ['Salt Lake', 'New Town', 'Ballygunge', 'Behala', 'Garia'],
  },
  {
    city: 'Gurugram',
    lat: 28.46,
    lng: 77.03,
    rent: 30000,
    areas: ['DLF Phase 3', 'Sohna Road', 'Golf Course Road', 'Sector 56'],
  },
  {
    city: 'Ahmedabad',
    lat: 23.02,
    lng: 72.57,
    rent: 15000,
    areas: ['Satellite', 'Prahlad Nagar', 'Bopal', 'Navrangpura'],
  },
  {
    city: 'Jaipur',
    lat: 26.91,
    lng: 75.79,
    rent: 12000,
    areas: ['Malviya Nagar', 'Vaishali Nagar', 'Mansarovar', 'C Scheme'],
  },
  {
    city: 'Kochi',
    lat: 9.93,
    lng: 76.27,
    rent: 14000,
    areas: ['Kakkanad', 'Edappally', 'Panampilly Nagar', 'Vyttila'],
  },
  {
    city: 'Noida',
    lat: 28.54,
    lng: 77.39,
    rent: 18000,
    areas: ['Sector 62', 'Sector 18', 'Sector 137', 'Sector 50'],
  },
] as const;

const TYPES: PropertyType[] = ['flat', 'flat', 'flat', 'house', 'PG'];
const ADJECTIVES = [
  'Spacious',
  'Sunny',
  'Cosy',
  'Modern',
  'Quiet',
  'Airy',
  'Furnished',
  'Renovated',
  'Premium',
  'Budget',
];
const FEATURES = [
  'near metro',
  'with balcony',
  'park facing',
  'with parking',
  'close to IT park',
  'gated society',
  'near market',
  'lake view',
];

const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)]!;

/** The creation event of listing number `n`: realistic spread of city, locality, type, rent and size. */
export const generatedListing = (
  n: number,
  ownerId: string,
  at: string,
): ListingEvent & { type: 'ListingCreated' } => {
  const rnd = random(n + 1);
  const place = pick(rnd, CITIES);
  const area = pick(rnd, place.areas);
  const propertyType = pick(rnd, TYPES);
  const bedrooms = propertyType === 'PG' ? 1 : 1 + Math.floor(rnd() * 4);
  const rent =
    Math.round((place.rent * (0.5 + rnd()) * (propertyType === 'PG' ? 0.4 : bedrooms / 2)) / 500) *
    500;
  const facilities = Object.fromEntries(FACILITIES.map((f) => [f, rnd() < 0.4])) as Facilities;
  const id = `bench-${String(n).padStart(7, '0')}`;
  const images = Array.from({ length: Math.floor(rnd() * 4) }, (_, i) => ({
    id: `${id}-${i}`,
    url: `/media/listings/${id}/${i}-1280.webp`,
    variants: [{ width: 640, height: 480, url: `/media/listings/${id}/${i}-640.webp` }],
    width: 1280,
    height: 960,
    placeholder: 'data:image/webp;base64,UklGRhIAAABXRUJQVlA4TAYAAAAvAAAAAAfQ//73v/+BiOh/AAA=',
    caption: '',
  }));
  return {
    type: 'ListingCreated',
    data: {
      listingId: id,
      at,
      title: `${pick(rnd, ADJECTIVES)} ${bedrooms}BHK ${propertyType} ${pick(rnd, FEATURES)} in ${area}`,
      description: `A ${propertyType} in ${area}, ${place.city}: ${bedrooms} bedrooms, ${pick(rnd, FEATURES)}, ${pick(rnd, FEATURES)}. Ready to move in.`,
      propertyType,
      rent,
      rentType: 'monthly',
      location: {
        city: place.city,
        area,
        pinCode: String(400000 + Math.floor(rnd() * 99999)).slice(0, 6),
        address: `${1 + Math.floor(rnd() * 300)}, ${pick(rnd, ['Main Road', 'Cross Road', '1st Street', 'Ring Road'])}`,
        coordinates:
          rnd() < 0.85
            ? {
                latitude: place.lat + (rnd() - 0.5) * 0.2,
                longitude: place.lng + (rnd() - 0.5) * 0.2,
              }
            : null,
      },
      facilities,
      propertyDetails: {
        bedrooms,
        bathrooms: Math.max(1, bedrooms - Math.floor(rnd() * 2)),
        area: 300 + bedrooms * 350,
        floor: Math.floor(rnd() * 10),
        totalFloors: 10,
      },
      contactInfo: { showPhone: true, showEmail: rnd() < 0.3 },
      showOnMap: rnd() < 0.9,
      ownerId,
      owner: { name: `Owner ${ownerId.slice(-4)}`, role: 'homeowner' },
      images,
      isAvailable: true,
      isVerified: rnd() < 0.3,
      createdAt: at,
    },
  };
};
