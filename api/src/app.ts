import { Elysia } from 'elysia';
import { adminRoutes } from './admin/routes.ts';
import { tooCheapRoutes } from './trust/tooCheapRoutes.ts';
import { duplicateRoutes } from './duplicates/routes.ts';
import { authRoutes } from './auth/index.ts';
import { conversationRoutes } from './conversations/routes.ts';
import type { AppDeps } from './deps.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { apiDocs } from './docs/index.ts';
import { favouriteRoutes } from './favourites/routes.ts';
import { visitRoutes } from './visits/routes.ts';
import { letRoutes } from './lets/routes.ts';
import { agreementRoutes } from './agreements/routes.ts';
import { geoRoutes } from './geo/index.ts';
import { healthRoutes } from './health/index.ts';
import { idempotencyKeyHeader } from './idempotency/idempotency.ts';
import { listingRoutes } from './listings/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { confirmLinkRoutes } from './listings/confirmLink.ts';
import { propertyMapRoutes, propertyQueryRoutes } from './properties/index.ts';
import { rentTrendRoutes } from './rentTrends/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { savedSearchRoutes } from './savedSearches/routes.ts';
import { trustRoutes } from './trust/routes.ts';
import { bodyLimit } from './shared/bodyLimit.ts';
import { errorHandler } from './shared/errorHandler.ts';
import { localiseErrorBody } from './i18n/apiErrors.ts';

/** Composes the API from its features. Never listens and never reads the environment. */
export const buildApp = (deps: AppDeps) =>
  new Elysia()
    .use(errorHandler(deps.log, localiseErrorBody))
    .use(bodyLimit)
    .use(idempotencyKeyHeader)
    .use(apiDocs)
    .group('/api', (api) =>
      api
        .use(healthRoutes(deps))
        .use(authRoutes(deps))
        .use(propertyMapRoutes(deps))
        .use(propertyQueryRoutes(deps))
        .use(listingRoutes(deps))
        .use(confirmLinkRoutes(deps))
        .use(geoRoutes(deps))
        .use(favouriteRoutes(deps))
        .use(dashboardRoutes(deps))
        .use(conversationRoutes(deps))
        .use(rentTrendRoutes(deps))
        .use(reportRoutes(deps))
        .use(adminRoutes(deps))
        .use(tooCheapRoutes(deps))
        .use(duplicateRoutes(deps))
        .use(trustRoutes(deps))
        .use(savedSearchRoutes(deps))
        .use(notificationRoutes(deps))
        .use(pushRoutes(deps))
        .use(visitRoutes(deps))
        .use(letRoutes(deps))
        .use(agreementRoutes(deps)),
    );

export type App = ReturnType<typeof buildApp>;
