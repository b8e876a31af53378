import { normaliseLocality } from './normalise.ts';

/**
 * The gazetteer's one table of the cities the product knows by hand: their
 * other names, their extent, the seed's data and the localities people search
 * for that are not post-office names. Everything that needs a city's other
 * names reads them here, so the listings search, the geocoder, the domain's
 * city list, the seed and the pages cannot drift apart:
 *
 * - `aliases`: old, local or short names. Each one finds the city in the
 *   listings search (Meilisearch synonyms and the locality matcher), in the
 *   geocoder (the places index's synonyms) and in the city list the listing
 *   rules accept (cityNames.ts, generated with them).
 * - `geonamesName`: GeoNames' spelling where the product shows another.
 * - `centre`, `radiusKm`: where the city's neighbourhoods lie. Visitor
 *   positions of listings here never move out of the city (migration 0027).
 * - `seed`: the post-office districts the seed takes localities from and a
 *   typical 1 BHK rent there in 2024–25 rupees.
 * - `localities`: hand-kept names placed at the PIN that covers them (the
 *   geocoder's aliases); add to it when users miss a place.
 */
export type GazetteerCity = {
  name: string;
  aliases?: readonly string[];
  geonamesName?: string;
  centre?: { lat: number; lng: number };
  radiusKm?: number;
  seed?: { districts: readonly string[]; oneBhkRent: number };
  localities?: readonly { name: string; pin: string }[];
};

export const CITIES: readonly GazetteerCity[] = [
  {
    name: 'Mumbai',
    aliases: ['bombay'],
    centre: { lat: 19.076, lng: 72.8777 },
    radiusKm: 25,
    seed: { districts: ['Mumbai', 'Mumbai Suburban', 'Thane'], oneBhkRent: 32000 },
    localities: [
      { name: 'Powai', pin: '400076' },
      { name: 'Andheri West', pin: '400053' },
      { name: 'Bandra West', pin: '400050' },
    ],
  },
  {
    name: 'Delhi',
    aliases: ['new delhi'],
    centre: { lat: 28.6139, lng: 77.209 },
    radiusKm: 22,
    seed: {
      districts: [
        'Central Delhi',
        'New Delhi',
        'South Delhi',
        'North Delhi',
        'North West Delhi',
        'South West Delhi',
        'West Delhi',
        'East Delhi',
        'North East Delhi',
      ],
      oneBhkRent: 20000,
    },
    localities: [{ name: 'Connaught Place', pin: '110001' }],
  },
  {
    name: 'Bengaluru',
    aliases: ['bangalore', 'blr'],
    centre: { lat: 12.9716, lng: 77.5946 },
    radiusKm: 18,
    seed: { districts: ['Bangalore', 'Bangalore Rural'], oneBhkRent: 22000 },
    localities: [
      { name: 'HSR Layout', pin: '560102' },
      { name: 'Electronic City', pin: '560100' },
      { name: 'Whitefield', pin: '560066' },
      { name: 'Indiranagar', pin: '560038' },
      { name: 'Marathahalli', pin: '560037' },
      { name: 'Koramangala', pin: '560034' },
    ],
  },
  {
    name: 'Hyderabad',
    centre: { lat: 17.385, lng: 78.4867 },
    radiusKm: 18,
    seed: {
      districts: ['Hyderabad', 'K.V.Rangareddy', 'Rangareddy', 'Medchal'],
      oneBhkRent: 17000,
    },
    localities: [
      { name: 'Gachibowli', pin: '500032' },
      { name: 'HITEC City', pin: '500081' },
      { name: 'Hitech City', pin: '500081' },
      { name: 'Madhapur', pin: '500081' },
    ],
  },
  {
    name: 'Chennai',
    aliases: ['madras'],
    centre: { lat: 13.0827, lng: 80.2707 },
    radiusKm: 18,
    seed: { districts: ['Chennai', 'Kanchipuram', 'Tiruvallur'], oneBhkRent: 16000 },
    localities: [
      { name: 'Velachery', pin: '600042' },
      { name: 'Adyar', pin: '600020' },
    ],
  },
  {
    name: 'Kolkata',
    aliases: ['calcutta'],
    centre: { lat: 22.5726, lng: 88.3639 },
    radiusKm: 15,
    seed: {
      districts: ['Kolkata', 'North 24 Parganas', 'South 24 Parganas', 'Howrah'],
      oneBhkRent: 13000,
    },
    localities: [
      { name: 'Salt Lake', pin: '700091' },
      { name: 'Bidhannagar', pin: '700091' },
      { name: 'Sector V', pin: '700091' },
    ],
  },
  {
    name: 'Pune',
    aliases: ['poona'],
    centre: { lat: 18.5204, lng: 73.8567 },
    radiusKm: 16,
    seed: { districts: ['Pune'], oneBhkRent: 17000 },
    localities: [
      { name: 'Hinjewadi', pin: '411057' },
      { name: 'Hinjawadi', pin: '411057' },
      { name: 'Viman Nagar', pin: '411014' },
      { name: 'Kharadi', pin: '411014' },
    ],
  },
  {
    name: 'Ahmedabad',
    centre: { lat: 23.0225, lng: 72.5714 },
    radiusKm: 15,
    seed: { districts: ['Ahmedabad', 'Gandhinagar'], oneBhkRent: 12000 },
  },
  {
    name: 'Jaipur',
    centre: { lat: 26.9124, lng: 75.7873 },
    radiusKm: 14,
    seed: { districts: ['Jaipur'], oneBhkRent: 10000 },
  },
  {
    name: 'Lucknow',
    centre: { lat: 26.8467, lng: 80.9462 },
    radiusKm: 14,
    seed: { districts: ['Lucknow'], oneBhkRent: 10000 },
  },
  {
    name: 'Chandigarh',
    centre: { lat: 30.7333, lng: 76.7794 },
    radiusKm: 12,
    seed: { districts: ['Chandigarh', 'Mohali', 'Panchkula', 'Rupnagar'], oneBhkRent: 14000 },
  },
  {
    name: 'Kochi',
    aliases: ['cochin'],
    geonamesName: 'Cochin',
    centre: { lat: 9.9312, lng: 76.2673 },
    radiusKm: 14,
    seed: { districts: ['Ernakulam'], oneBhkRent: 12000 },
  },
  {
    name: 'Indore',
    centre: { lat: 22.7196, lng: 75.8577 },
    radiusKm: 12,
    seed: { districts: ['Indore'], oneBhkRent: 9000 },
  },
  {
    name: 'Bhopal',
    centre: { lat: 23.2599, lng: 77.4126 },
    radiusKm: 12,
    seed: { districts: ['Bhopal'], oneBhkRent: 8500 },
  },
  {
    name: 'Nagpur',
    centre: { lat: 21.1458, lng: 79.0882 },
    radiusKm: 12,
    seed: { districts: ['Nagpur'], oneBhkRent: 9000 },
  },
  {
    name: 'Coimbatore',
    centre: { lat: 11.0168, lng: 76.9558 },
    radiusKm: 12,
    seed: { districts: ['Coimbatore'], oneBhkRent: 10000 },
  },
  {
    name: 'Visakhapatnam',
    aliases: ['vizag'],
    centre: { lat: 17.6868, lng: 83.2185 },
    radiusKm: 12,
    seed: { districts: ['Visakhapatnam'], oneBhkRent: 10000 },
  },
  {
    name: 'Surat',
    centre: { lat: 21.1702, lng: 72.8311 },
    radiusKm: 12,
    seed: { districts: ['Surat'], oneBhkRent: 9500 },
  },
  {
    name: 'Vadodara',
    aliases: ['baroda'],
    centre: { lat: 22.3072, lng: 73.1812 },
    radiusKm: 12,
    seed: { districts: ['Vadodara'], oneBhkRent: 9000 },
  },
  {
    name: 'Gurugram',
    aliases: ['gurgaon'],
    geonamesName: 'Gurgaon',
    centre: { lat: 28.4595, lng: 77.0266 },
    radiusKm: 14,
    seed: { districts: ['Gurgaon'], oneBhkRent: 22000 },
    localities: [{ name: 'Cyber City', pin: '122002' }],
  },
  {
    name: 'Noida',
    centre: { lat: 28.5355, lng: 77.391 },
    radiusKm: 14,
    seed: { districts: ['Gautam Buddha Nagar'], oneBhkRent: 15000 },
  },
  {
    name: 'Thiruvananthapuram',
    aliases: ['trivandrum'],
    centre: { lat: 8.5241, lng: 76.9366 },
    radiusKm: 12,
    seed: { districts: ['Thiruvananthapuram'], oneBhkRent: 10000 },
  },
  {
    name: 'Bhubaneswar',
    geonamesName: 'Bhubaneshwar',
    centre: { lat: 20.2961, lng: 85.8245 },
    radiusKm: 12,
    seed: { districts: ['Khurda', 'Khordha', 'Cuttack'], oneBhkRent: 9000 },
  },
  {
    name: 'Mysuru',
    aliases: ['mysore'],
    geonamesName: 'Mysore',
    centre: { lat: 12.2958, lng: 76.6394 },
    radiusKm: 10,
    seed: { districts: ['Mysore'], oneBhkRent: 9000 },
  },
  {
    name: 'Patna',
    centre: { lat: 25.5941, lng: 85.1376 },
    radiusKm: 12,
    seed: { districts: ['Patna'], oneBhkRent: 8500 },
  },
  {
    name: 'Dehradun',
    geonamesName: 'Dehra Dun',
    centre: { lat: 30.3165, lng: 78.0322 },
    radiusKm: 10,
    seed: { districts: ['Dehradun'], oneBhkRent: 10000 },
  },
  { name: 'Mangaluru', aliases: ['mangalore'], geonamesName: 'Mangalore' },
  { name: 'Varanasi', aliases: ['benares', 'banaras'] },
  { name: 'Prayagraj', aliases: ['allahabad'], geonamesName: 'Allahabad' },
  { name: 'Puducherry', aliases: ['pondicherry'] },
  { name: 'Tiruchirappalli', aliases: ['trichy'] },
  { name: 'Belagavi', aliases: ['belgaum'], geonamesName: 'Belgaum' },
  { name: 'Hubballi', aliases: ['hubli'], geonamesName: 'Hubli' },
  { name: 'Shimla', aliases: ['simla'] },
  { name: 'Kanpur', aliases: ['cawnpore'] },
];

/** A city's centre and the radius its neighbourhoods lie within. */
export type CityArea = { name: string; centre: { lat: number; lng: number }; radiusKm: number };

/** The cities whose extent we know. */
export const CITY_AREAS: readonly CityArea[] = CITIES.flatMap(({ name, centre, radiusKm }) =>
  centre && radiusKm !== undefined ? [{ name, centre, radiusKm }] : [],
);

/**
 * Each city's names in lower case, its own first: every name in a group finds
 * what is stored under any other ('bangalore' finds Bengaluru).
 */
export const CITY_SYNONYM_GROUPS: readonly (readonly string[])[] = CITIES.flatMap((c) =>
  c.aliases ? [[c.name.toLowerCase(), ...c.aliases]] : [],
);

/** Meilisearch's synonym setting (listings and places alike): each name maps to the other names of its group. */
export const meiliSynonyms = (): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const group of CITY_SYNONYM_GROUPS)
    for (const name of group) out[name] = group.filter((other) => other !== name);
  return out;
};

/** The names a normalised city input stands for (itself plus its group). */
export const cityAliases = (normalised: string): string[] => {
  const group = CITY_SYNONYM_GROUPS.find((g) => g.includes(normalised));
  return group ? [...group] : [normalised];
};

/** The name the city list shows for a GeoNames place whose spelling we do not use ('Gurgaon' → 'Gurugram'). */
export const PREFERRED_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  CITIES.flatMap((c) => (c.geonamesName ? [[c.geonamesName, c.name]] : [])),
);

/** The hand-kept localities with their PINs, every city's in turn. */
export const LOCALITY_ALIASES: readonly { name: string; pin: string }[] = CITIES.flatMap(
  (c) => c.localities ?? [],
);

const byKey = new Map(CITY_AREAS.map((c) => [normaliseLocality(c.name), c]));

/** The area of a listing's city as its owner spelt it ('bangalore', 'New Delhi'), if known. */
export const cityAreaOf = (city: string): CityArea | undefined => {
  for (const key of cityAliases(normaliseLocality(city))) {
    const area = byKey.get(key);
    if (area) return area;
  }
  return undefined;
};

/** The named city's area; for tables that build on this one (the seed). */
export const cityArea = (name: string): CityArea => {
  const area = cityAreaOf(name);
  if (!area) throw new Error(`no city area for ${name}`);
  return area;
};

/** Great-circle distance in km (haversine, earth radius 6371 km). */
export const kmBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};
