/** India as India officially depicts it (Ladakh reaches about 37.1° N), with a little margin: [west, south, east, north]. */
export const INDIA_BOUNDS: [number, number, number, number] = [67.5, 6, 98, 37.5];

export const isInIndiaBounds = (lat: number, lng: number): boolean => {
  const [west, south, east, north] = INDIA_BOUNDS;
  return lng >= west && lng <= east && lat >= south && lat <= north;
};
