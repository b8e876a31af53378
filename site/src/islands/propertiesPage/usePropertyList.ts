import { useCallback, useEffect, useState } from 'react';
import { apiRoute, describeError } from '../../lib/api.ts';
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

/** One page: the public list for a visitor, full documents (narrowed to the map's area) otherwise. */
const fetchPage = async ({ filters, visitor, bbox, drawn }: PageQuery, page: number) => {
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
  });
  return { items: res.properties, total: res.totalCount, hasMore: res.hasMore };
};

/**
 * The list's pages: page 1 replaces (on new filters, audience or area), later pages append.
 * Waits for the auth check and the URL's filters.
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

  const load = useCallback(
    async (page: number) => {
      if (!filters) return;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const { items, total, hasMore } = await fetchPage({ filters, visitor, bbox, drawn }, page);
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
    if (authStatus !== 'loading' && filters) void load(1);
  }, [authStatus, filters, load]);

  return { state, load };
};
