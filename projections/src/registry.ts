import { dirtyCitiesProjection } from './dirtyCities/dirtyCities.ts';
import { listingReadModel } from './readModels/listingReadModel.ts';
import { ownerListingStats } from './readModels/ownerStats.ts';
import { publicListingModel } from './readModels/publicListingModel.ts';
import type { Projection } from './runner/projection.ts';
import { listingsSearchProjection } from './search/fromEnv.ts';

/** Every projection the projections process runs, by name. Read models register here. */
export const projections: Projection[] = [
  dirtyCitiesProjection,
  listingReadModel,
  publicListingModel,
  ownerListingStats,
  listingsSearchProjection,
];

export const projectionByName = (name: string) => projections.find((p) => p.name === name);
