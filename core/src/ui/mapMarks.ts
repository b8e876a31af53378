/**
 * Performance marks of a map (detail: its element's data-testid), read by the
 * e2e tests, `npm run bench:lighthouse` and the numbers in docs/PERFORMANCE.md:
 * the style parsed, the first pin or group drawn, and the first 'idle' (every
 * basemap tile in). Here so the bench (infra) and the site share one spelling.
 */
export const MAP_MARKS = {
  styleLoaded: 'map-style-loaded',
  firstPin: 'map-first-pin',
  firstIdle: 'map-first-idle',
} as const;
