import { normaliseLocality } from '../queries/localityMatcher.ts';
import { cityAliases } from '../search/synonyms.ts';

/** A city's centre and the radius its neighbourhoods lie within. */
export type CityArea = { name: string; centre: { lat: number; lng: number }; radiusKm: number };

/**
 * The cities whose extent we know: the product's (and the seed's) major
 * cities. Visitor positions of listings in these cities never move away from
 * the city (see visitorPosition in migration 0027); elsewhere they move in any
 * direction. Add a city here to keep its visitor markers inside it.
 */
export const CITY_AREAS: readonly CityArea[] = [
  { name: 'Mumbai', centre: { lat: 19.076, lng: 72.8777 }, radiusKm: 25 },
  { name: 'Delhi', centre: { lat: 28.6139, lng: 77.209 }, radiusKm: 22 },
  { name: 'Bengaluru', centre: { lat: 12.9716, lng: 77.5946 }, radiusKm: 18 },
  { name: 'Hyderabad', centre: { lat: 17.385, lng: 78.4867 }, radiusKm: 18 },
  { name: 'Chennai', centre: { lat: 13.0827, lng: 80.2707 }, radiusKm: 18 },
  { name: 'Kolkata', centre: { lat: 22.5726, lng: 88.3639 }, radiusKm: 15 },
  { name: 'Pune', centre: { lat: 18.5204, lng: 73.8567 }, radiusKm: 16 },
  { name: 'Ahmedabad', centre: { lat: 23.0225, lng: 72.5714 }, radiusKm: 15 },
  { name: 'Jaipur', centre: { lat: 26.9124, lng: 75.7873 }, radiusKm: 14 },
  { name: 'Lucknow', centre: { lat: 26.8467, lng: 80.9462 }, radiusKm: 14 },
  { name: 'Chandigarh', centre: { lat: 30.7333, lng: 76.7794 }, radiusKm: 12 },
  { name: 'Kochi', centre: { lat: 9.9312, lng: 76.2673 }, radiusKm: 14 },
  { name: 'Indore', centre: { lat: 22.7196, lng: 75.8577 }, radiusKm: 12 },
  { name: 'Bhopal', centre: { lat: 23.2599, lng: 77.4126 }, radiusKm: 12 },
  { name: 'Nagpur', centre: { lat: 21.1458, lng: 79.0882 }, radiusKm: 12 },
  { name: 'Coimbatore', centre: { lat: 11.0168, lng: 76.9558 }, radiusKm: 12 },
  { name: 'Visakhapatnam', centre: { lat: 17.6868, lng: 83.2185 }, radiusKm: 12 },
  { name: 'Surat', centre: { lat: 21.1702, lng: 72.8311 }, radiusKm: 12 },
  { name: 'Vadodara', centre: { lat: 22.3072, lng: 73.1812 }, radiusKm: 12 },
  { name: 'Gurugram', centre: { lat: 28.4595, lng: 77.0266 }, radiusKm: 14 },
  { name: 'Noida', centre: { lat: 28.5355, lng: 77.391 }, radiusKm: 14 },
  { name: 'Thiruvananthapuram', centre: { lat: 8.5241, lng: 76.9366 }, radiusKm: 12 },
  { name: 'Bhubaneswar', centre: { lat: 20.2961, lng: 85.8245 }, radiusKm: 12 },
  { name: 'Mysuru', centre: { lat: 12.2958, lng: 76.6394 }, radiusKm: 10 },
  { name: 'Patna', centre: { lat: 25.5941, lng: 85.1376 }, radiusKm: 12 },
  { name: 'Dehradun', centre: { lat: 30.3165, lng: 78.0322 }, radiusKm: 10 },
];

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
