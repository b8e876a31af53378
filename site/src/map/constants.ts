/** SPEC §9 map constants. */
export const INDIA_CENTER = { latitude: 20.5937, longitude: 78.9629 };
export const LIST_MAP_ZOOM = 5;
export const PICKER_ZOOM = 13;
export const DETAIL_ZOOM = 15;
export const LIST_MAP_HEIGHT_PX = 600;
export const EARTH_RADIUS_KM = 6371;

/*
 * Where SPEC's zooms assume street tiles that our own basemap does not have
 * (issue 16): it has states, cities and PIN localities, so it stops where
 * the localities are the finest thing left to show.
 */
/** Our basemap's deepest zoom: the locality labels spread apart, nothing new appears beyond. */
export const LOCALITIES_MAX_ZOOM = 14;
/** An operator's OpenStreetMap extract (BASEMAP_URL) has streets: MapLibre over-zooms it this far. */
export const STREETS_MAX_ZOOM = 18;
/** The detail map on our basemap: a few kilometres around the listing, with the neighbouring localities named. */
export const DETAIL_LOCALITIES_ZOOM = 13;
/** The picker on a city the form names: the whole city. */
export const CITY_ZOOM = 11;
/** The picker with nothing to go on: all of India, to zoom into the right city. */
export const COUNTRY_ZOOM = 4;

/** The maps' performance marks (core/src/ui/mapMarks.ts, shared with the benchmarks). */
export { MAP_MARKS } from '@rentals/core/ui/mapMarks';
