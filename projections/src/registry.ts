import { dirtyCitiesProjection } from './dirtyCities/dirtyCities.ts';
import { conversationsReadModel } from './readModels/conversations.ts';
import { listingReadModel } from './readModels/listingReadModel.ts';
import { ownerListingStats } from './readModels/ownerStats.ts';
import { publicListingModel } from './readModels/publicListingModel.ts';
import type { Projection } from './runner/projection.ts';
import { listingsSearchProjection } from './search/fromEnv.ts';

/** The read models kept in Postgres. */
export const postgresReadModels: Projection[] = [
  listingReadModel,
  publicListingModel,
  ownerListingStats,
  conversationsReadModel,
];

/**
 * The projections readers see through, with a given search projection (the
 * benchmarks and test harness pass one bound to their own Meilisearch).
 */
export const readSideProjections = (search: Projection): Projection[] => [
  ...postgresReadModels,
  search,
];

/** Every projection the projections process runs, by name. Read models register here. */
export const projections: Projection[] = [
  dirtyCitiesProjection,
  ...readSideProjections(listingsSearchProjection),
];

export const projectionByName = (name: string) => projections.find((p) => p.name === name);
