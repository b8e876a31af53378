import type { SearchResult } from './criteria.ts';

/**
 * What the index answered with the changed listings left out: `ids` are its
 * ranks `offset`, `offset + 1`, … of that reduced result, whose exact size
 * is `total`.
 */
export type IndexWindow = { ids: string[]; offset: number; total: number };

/**
 * The part of the index's ranking needed to fill page `page` once `inserted`
 * listings are merged in: each inserted listing shifts the index's listings
 * after it one place down, so page p's index listings are among ranks
 * (p-1)·limit − inserted … p·limit − 1.
 */
export const windowFor = (page: number, limit: number, inserted: number) => ({
  offset: Math.max(0, (page - 1) * limit - inserted),
  limit: limit + inserted,
});

/**
 * One page of the index's answer merged with the listings changed since its
 * checkpoint (freshSearch.ts). `fresh`: the changed listings that match now,
 * in the chosen sort order. `order`: the window's listings and `fresh`
 * together in the chosen sort order (the read model's ORDER BY); without it
 * (a relevance-ranked free-text query, whose order only the index knows) the
 * fresh listings come first, before every index listing.
 *
 * With `order` every rank is exact where it matters: a listing's merged
 * rank is the window's offset plus the window's and the fresh listings
 * sorted before it. For a fresh listing that sorts before the window starts
 * or after a window that stopped short of the end, that count misses index
 * listings outside the window, but both land off this page either way
 * (before it, resp. at or after its end), so the page itself is exact.
 */
export const mergePage = (p: {
  window: IndexWindow;
  fresh: string[];
  order?: string[];
  page: number;
  limit: number;
}): SearchResult => {
  const { window, fresh } = p;
  const ranked: [id: string, rank: number][] = [];
  if (!p.order) {
    fresh.forEach((id, i) => ranked.push([id, i]));
    window.ids.forEach((id, i) => ranked.push([id, fresh.length + window.offset + i]));
  } else {
    const inWindow = new Set(window.ids);
    const isFresh = new Set(fresh);
    let before = 0;
    for (const id of p.order)
      if (isFresh.has(id) || inWindow.has(id)) ranked.push([id, window.offset + before++]);
  }
  const start = (p.page - 1) * p.limit;
  const ids = ranked
    .filter(([, rank]) => rank >= start && rank < start + p.limit)
    .sort((a, b) => a[1] - b[1])
    .map(([id]) => id);
  return { ids, total: window.total + fresh.length };
};
