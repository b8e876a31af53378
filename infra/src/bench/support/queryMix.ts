import { benchPlaces } from '../../load/benchPlaces.ts';
import { tenantQuery } from '../../load/mix/tenantQueries.ts';
import { createRandom } from '../../seed/random.ts';

/**
 * `count` tenant searches over the benchmark's listings (the mix is in
 * load/mix/tenantQueries.ts, shared with the tenant-search load scenario).
 */
export const tenantQueries = (count: number, seed = 42): URLSearchParams[] => {
  const random = createRandom(seed);
  const places = benchPlaces();
  return Array.from({ length: count }, () => new URLSearchParams(tenantQuery(random, places)));
};
