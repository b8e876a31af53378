import type { AppDeps } from '../deps.ts';
import { createLocalities } from './localities.ts';
import { createPropertySearch, type SearchStatus } from './propertySearch.ts';
import { createSearchRate } from './searchRate.ts';
import { createViewCounter } from './viewCounter.ts';

type Services = {
  search: ReturnType<typeof createPropertySearch>;
  localities: ReturnType<typeof createLocalities>;
  views: ReturnType<typeof createViewCounter>;
  /**
   * Takes one search from the caller's allowance (signed-in users by id, visitors by address), or throws
   * 429; shared by the list, the visitor list and the map.
   */
  limitSearch: (request: Request, userId: string | undefined) => void;
};

const byDeps = new WeakMap<object, Services>();

/**
 * The read side's per-app state (search engine status, locality list, view
 * buffer), one per `deps` so the routes, /api/health and tests share it.
 */
export const propertyServices = (
  deps: Pick<AppDeps, 'sql' | 'meili' | 'log' | 'clock' | 'searchRate' | 'clientIp'>,
): Services => {
  let services = byDeps.get(deps);
  if (!services) {
    const rate = createSearchRate(deps.searchRate, deps.clock);
    services = {
      limitSearch: (request, userId) =>
        rate.take(userId ? `user:${userId}` : `address:${deps.clientIp?.(request) ?? 'unknown'}`),
      search: createPropertySearch(deps),
      localities: createLocalities(deps.sql),
      views: createViewCounter(deps.sql, deps.log, deps.clock),
    };
    byDeps.set(deps, services);
  }
  return services;
};

/** The search engine status for /api/health; 'meilisearch' until a search has had to fall back. */
export const searchStatusOf = (deps: object): SearchStatus =>
  byDeps.get(deps)?.search.status() ?? { engine: 'meilisearch', replicas: [] };
