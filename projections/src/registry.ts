import { alertsProjection } from './alerts/alertsProjection.ts';
import { dirtyCitiesProjection } from './dirtyCities/dirtyCities.ts';
import { favouritesReadModel } from './readModels/favourites.ts';
import { conversationsReadModel } from './readModels/conversations.ts';
import { listingReadModel } from './readModels/listingReadModel.ts';
import { listingExpirySchedule } from './listingExpiry/scheduleModel.ts';
import { notificationReadsProjection } from './notifications/readMarks.ts';
import { ownerListingStats } from './readModels/ownerStats.ts';
import { publicListingModel } from './readModels/publicListingModel.ts';
import { rentTrendsProjection } from './readModels/rentTrends.ts';
import { reportQueueReadModel } from './reports/reportQueue.ts';
import { listerTrustReadModel } from './trust/listerTrust.ts';
import type { Projection } from './runner/projection.ts';
import { listingsSearchProjections } from './search/fromEnv.ts';
import { duplicatesReadModel } from './trust/duplicates.ts';
import { visitsReadModel } from './readModels/visits.ts';
import { letsReadModel } from './readModels/lets.ts';

/** The read models kept in Postgres. */
export const postgresReadModels: Projection[] = [
  listingReadModel,
  publicListingModel,
  ownerListingStats,
  favouritesReadModel,
  conversationsReadModel,
  rentTrendsProjection,
  reportQueueReadModel,
  duplicatesReadModel,
  alertsProjection,
  listingExpirySchedule,
  notificationReadsProjection,
  listerTrustReadModel,
  visitsReadModel,
  letsReadModel,
];

/**
 * The projections readers see through, with the given search projections,
 * one per Meilisearch (the benchmarks and test harness pass ones bound to
 * their own Meilisearch).
 */
export const readSideProjections = (...search: Projection[]): Projection[] => [
  ...postgresReadModels,
  ...search,
];

/**
 * Every projection the projections process runs, by name: one search
 * projection per Meilisearch in MEILI_URL. Read models register here.
 */
export const projections: Projection[] = [
  dirtyCitiesProjection,
  ...readSideProjections(...listingsSearchProjections),
];

export const projectionByName = (name: string) => projections.find((p) => p.name === name);
