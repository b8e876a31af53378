import { startTransition, useCallback, useEffect, useState } from 'react';
import { describeError } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import type { Filters } from '../../lib/filters.ts';
import type { Property, PublicProperty } from '../../lib/types.ts';
import type { DrawnArea } from '../../lib/drawnArea.ts';
import type { AuthState } from '../../stores/auth.ts';
import { askFirstPageEarly, fetchPage, takeEarlyFirstPage, type BBox } from './firstPage.ts';

export type { BBox } from './firstPage.ts';

export type ListState = {
  items: (Property | PublicProperty)[];
  total: number;
  page: number;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
};

/**
 * The list's pages: page 1 replaces (on new filters, audience or area), later pages append.
 * Waits for the URL's filters. With a stored token, page 1 is asked for before the sign-in check
 * answers (firstPage.ts: by the page's first script, or here), and used once the check says
 * signed in. The cards render as a transition: React yields to the browser between them, so a
 * budget phone does not freeze while a page of results is drawn (TBT, npm run bench:lighthouse).
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
      const query = { filters, visitor, bbox, drawn };
      const asked = page === 1 ? takeEarlyFirstPage(query) : null;
      try {
        const { items, total, hasMore } = (await asked) ?? (await fetchPage(query, page));
        startTransition(() =>
          setState((s) => ({
            items: page === 1 ? items : [...s.items, ...items],
            total,
            page,
            hasMore,
            loading: false,
            error: null,
          })),
        );
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
    if (authStatus === 'loading' && filters)
      askFirstPageEarly({ filters, visitor: false, bbox, drawn });
  }, [authStatus, filters, bbox, drawn]);

  useEffect(() => {
    if (authStatus !== 'loading' && filters) void load(1);
  }, [authStatus, filters, load]);

  return { state, load };
};
