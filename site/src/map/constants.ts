/** SPEC §9 map constants. */
export const INDIA_CENTER = { latitude: 20.5937, longitude: 78.9629 };
export const LIST_MAP_ZOOM = 5;
export const PICKER_ZOOM = 13;
export const DETAIL_ZOOM = 15;
export const LIST_MAP_HEIGHT_PX = 600;
export const EARTH_RADIUS_KM = 6371;
