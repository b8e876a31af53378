import { useEffect } from 'react';
import { apiRoute } from '../../lib/api.ts';
import { hasFilters, type Filters } from '../../lib/filters.ts';

/** A tenant's search with criteria becomes their latest Recent Search on the dashboard. */
export const useRecentSearch = (tenant: boolean, filters: Filters | null) => {
  useEffect(() => {
    if (tenant && filters && hasFilters(filters))
      void apiRoute('POST /dashboard/recent-searches', { json: filters }).catch(() => {
        // Only a convenience: the search itself goes on.
      });
  }, [tenant, filters]);
};
