/**
 * One entry of the gazetteer the geocoder searches. Cities come from GeoNames,
 * localities are post offices placed at their PIN's centroid, and each PIN
 * code is an entry of its own so "560034" finds Koramangala.
 */
export type Place = {
  id: string;
  kind: 'city' | 'locality' | 'pin';
  name: string;
  /** Other names people use: Bangalore for Bengaluru, Hinjewadi for Infotech Park (Hinjawadi). */
  aliases: string[];
  pin?: string;
  district?: string;
  state: string;
  displayName: string;
  _geo: { lat: number; lng: number };
  /** Ranks equal matches: cities by population above every locality, localities by the size of the city they are in. */
  importance: number;
  /** Entries of one PIN share a group so a search lists each place once. */
  group: string;
};

/** Cities always outrank localities with the same name (Pune the city, not a "Pune" post office elsewhere). */
export const CITY_IMPORTANCE_BASE = 100_000_000;
