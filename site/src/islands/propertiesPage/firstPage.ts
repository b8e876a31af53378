/**
 * One page of /properties' results, and page 1 of a signed-in search sent by an inline script in
 * the page's head, before React and the island have loaded: on a slow network the results, and
 * their first photo (the page's largest paint), then wait for the scripts or the search,
 * whichever is longer, not for one after the other (npm run bench:lighthouse).
 */
import { apiRoute, readToken } from '../../lib/api.ts';
import { FILTER_KEYS, NUMERIC_FILTERS, type Filters } from '../../lib/filters.ts';
import { polygonParam, type DrawnArea } from '../../lib/drawnArea.ts';
import type { Property, PublicProperty } from '../../lib/types.ts';
import { inlineCall, sendEarlyGet } from '../../lib/inlineScript.ts';

const PAGE_SIZE = 12;

export type BBox = [number, number, number, number];

/** What one page is asked for: the filters, the audience and the map's narrowing. */
export type PageQuery = {
  filters: Filters;
  visitor: boolean;
  bbox: BBox | null;
  drawn: DrawnArea | null;
};

export type Page = {
  items: (Property | PublicProperty)[];
  total: number;
  hasMore: boolean;
};

const toQuery = (
  filters: Filters | null,
  page: number,
  area: { bbox?: BBox | null; drawn?: DrawnArea | null } = {},
) => {
  const query = new URLSearchParams(filters ?? {});
  if (area.bbox) query.set('bbox', area.bbox.map((n) => n.toFixed(5)).join(','));
  if (area.drawn) query.set('polygon', polygonParam(area.drawn));
  query.set('page', String(page));
  query.set('limit', String(PAGE_SIZE));
  return query;
};

/**
 * One page: the public list for a visitor, full documents (narrowed to the map's area) otherwise.
 * `early`: asked before the sign-in check has answered, so a 401 is not a session that ended
 * (the check decides that) but only an answer not to use.
 */
export const fetchPage = async (
  { filters, visitor, bbox, drawn }: PageQuery,
  page: number,
  early = false,
): Promise<Page> => {
  if (visitor) {
    const res = await apiRoute('GET /properties/public', {
      query: toQuery(filters, page, { drawn }),
    });
    return {
      items: res.properties,
      total: res.pagination.totalItems,
      hasMore: res.pagination.currentPage < res.pagination.totalPages,
    };
  }
  const res = await apiRoute('GET /properties', {
    query: toQuery(filters, page, { bbox, drawn }),
    skipUnauthorizedHandler: early,
  });
  return { items: res.properties, total: res.totalCount, hasMore: res.hasMore };
};

export const queryKey = (query: PageQuery): string => JSON.stringify(query);

/** Page 1 asked for before the sign-in check, kept until the list takes it. */
let early: { key: string; page: Promise<Page> } | null = null;

/** Asks for page 1 of `query` before the sign-in check answers (once per query; not without a token). */
export const askFirstPageEarly = (query: PageQuery): void => {
  if (!readToken() || query.visitor || early?.key === queryKey(query)) return;
  const page = fetchPage(query, 1, true);
  page.catch(() => undefined); // Not used when it fails: the list asks again.
  early = { key: queryKey(query), page };
};

/** The early page 1 for `query`, once (null when none was asked for it, or it failed). */
export const takeEarlyFirstPage = (query: PageQuery): Promise<Page | null> | null => {
  const asked = early;
  early = null;
  return asked?.key === queryKey(query) ? asked.page.catch(() => null) : null;
};

/**
 * The page's inline head script (pages/[...lang]/properties/index.astro; lib/inlineScript.ts:
 * it uses nothing from outside itself): page 1 of the URL's search for a stored token,
 * sent before any module has loaded. It builds the URL the list will ask for first (the URL's
 * filters, kept as cleanFilters keeps them, in FILTER_KEYS' order; no map area), and `api` takes
 * the answer by that URL (lib/api.ts): a URL the list does not ask for is simply never used.
 */
export function sendFirstPageEarly(
  keys: readonly string[],
  numeric: readonly string[],
  pageSize: number,
  send: (url: string) => void,
): void {
  const from = new URLSearchParams(location.search);
  if (from.get('view') === 'map' || from.has('polygon')) return;
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = (from.get(key) ?? '').trim();
    if (value && (!numeric.includes(key) || /^\d+$/.test(value))) query.set(key, value);
  }
  query.set('page', '1');
  query.set('limit', String(pageSize));
  send(`/api/properties?${query.toString()}`);
}

/** The inline script's text: `sendFirstPageEarly` called with the filters' rules. */
export const firstPageScript = (): string =>
  inlineCall(sendFirstPageEarly, FILTER_KEYS, NUMERIC_FILTERS, PAGE_SIZE, sendEarlyGet);
