/**
 * The map area the search page's map opens on, if its URL has a sound one: a
 * saved search with a map area links there with
 * `view=map&bbox=west,south,east,north` (lib/savedSearches.ts). Read by the
 * map itself, so the search page's own code stays small.
 */
export const openingArea = (search: string): [number, number, number, number] | null => {
  const params = new URLSearchParams(search);
  if (params.get('view') !== 'map') return null;
  const raw = params.get('bbox');
  const numbers = raw?.split(',').map(Number) ?? [];
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return null;
  const [w, s, e, n] = numbers as [number, number, number, number];
  const ok = s >= -90 && n <= 90 && w >= -180 && e <= 180 && s <= n && w <= e;
  return ok ? [w, s, e, n] : null;
};
