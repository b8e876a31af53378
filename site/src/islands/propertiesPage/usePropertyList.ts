import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRoute, describeError, readToken } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import type { Filters } from '../../lib/filters.ts';
import type { Property, PublicProperty } from '../../lib/types.ts';
import { polygonParam, type DrawnArea } from '../../lib/drawnArea.ts';
import type { AuthState } from '../../stores/auth.ts';

const PAGE_SIZE = 12;

export type BBox = [number, number, number, number];

export type ListState = {
  items: (Property | PublicProperty)[];
  total: number;
  page: number;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
};

/** What one page is asked for: the filters, the audience and the map's narrowing. */
type PageQuery = {
  filters: Filters;
  visitor: boolean;
  bbox: BBox | null;
  drawn: DrawnArea | null;
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
const fetchPage = async (
  { filters, visitor, bbox, drawn }: PageQuery,
  page: number,
  early = false,
) => {
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

type Early = { key: string; page: ReturnType<typeof fetchPage> };

/**
 * The list's pages: page 1 replaces (on new filters, audience or area), later pages append.
 * Waits for the URL's filters. With a stored token, page 1 is asked for at once, beside the
 * sign-in check, and used once the check says signed in: the results (and their first photo,
 * the page's largest paint) then wait one round trip less on a slow network.
 */
export const usePropertyList = (
  authStatus: AuthState['status'],
  filters: Filters | null,
  { bbox, drawn }: { bbox: BBox | null; drawn: DrawnArea | null },
) => {
  const [state, setState] = useState<ListState>({
    items: [],
    total: 0,
    page: 0,
    hasMore: false,
    loading: true,
    error: null,
  });
  const visitor = authStatus === 'anonymous';
  const early = useRef<Early | null>(null);
  const keyOf = (query: PageQuery) => JSON.stringify(query);

  const load = useCallback(
    async (page: number) => {
      if (!filters) return;
      setState((s) => ({ ...s, loading: true, error: null }));
      const query = { filters, visitor, bbox, drawn };
      const asked = early.current;
      early.current = null;
      try {
        const answered =
          page === 1 && asked?.key === keyOf(query) ? await asked.page.catch(() => null) : null;
        const { items, total, hasMore } = answered ?? (await fetchPage(query, page));
        setState((s) => ({
          items: page === 1 ? items : [...s.items, ...items],
          total,
          page,
          hasMore,
          loading: false,
          error: null,
        }));
      } catch (error) {
        setState((s) => ({
          ...s,
          loading: false,
          error: describeError(error, text('results.failed')),
        }));
      }
    },
    [filters, visitor, bbox, drawn],
  );

  useEffect(() => {
    if (authStatus !== 'loading' || !filters || !readToken() || early.current) return;
    const query = { filters, visitor: false, bbox, drawn };
    const page = fetchPage(query, 1, true);
    page.catch(() => undefined); // Not used when it fails: load(1) asks again.
    early.current = { key: keyOf(query), page };
  }, [authStatus, filters, bbox, drawn]);

  useEffect(() => {
    if (authStatus !== 'loading' && filters) void load(1);
  }, [authStatus, filters, load]);

  return { state, load };
};
