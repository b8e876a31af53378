import { localiseMessage, requestLocale } from '../i18n/apiErrors.ts';
import { Elysia } from 'elysia';
import { NotFoundError } from '@rentals/core/errors';
import { parseWith } from '@rentals/core/schemaErrors';
import type { TSchema } from '@sinclair/typebox';
import {
  FAIR_RENT_BAND,
  FAIR_RENT_RADII_KM,
  MIN_TREND_SAMPLE,
} from '@rentals/projections/queries/rentMarket';
import {
  listingLets,
  listingMarket,
  MIN_LET_SAMPLE,
  rentTrends,
  TREND_MONTHS,
} from '@rentals/projections/queries/rentTrends';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { listingIdOr404 } from '../listings/model.ts';
import { refuseIfHidden, UNDER_REVIEW } from '../listings/hiddenForReview.ts';
import { listingVisibility } from '@rentals/projections/queries/listingQueries';
import { RentTrendsQuery } from './model.ts';
import { ListingMarketResponse, RentTrendsResponse } from '@rentals/core/contract/rentTrends';

export type RentTrendDeps = Pick<AppDeps, 'sql' | 'clock' | 'jwtSecret' | 'tokenTtlSeconds'>;

const tags = ['Rent trends'];
/** The query's parameters for the OpenAPI document, from the schema that checks them. */
const parameters = Object.entries(RentTrendsQuery.properties as Record<string, TSchema>).map(
  ([name, schema]) => ({
    name,
    in: 'query' as const,
    required: name === 'city',
    description: schema.description,
    schema,
  }),
);
const band = `${FAIR_RENT_BAND * 100} %`;
const radii = FAIR_RENT_RADII_KM.map((km) => `${km} km`).join(', then ');

/** Rent history of a listing and median rents of a place, from the rent-trends projection (issue 18). */
export const rentTrendRoutes = (deps: RentTrendDeps) =>
  new Elysia({ name: 'rentTrends' })
    .use(access(deps))
    .get(
      '/properties/:id/market',
      async ({ params, user, request }) => {
        const id = listingIdOr404(params.id);
        const listing = await listingVisibility(deps.sql, id);
        if (listing) refuseIfHidden(listing, user);
        // Its sentences in the page's language (the site asks for it, api/src/i18n/apiErrors.ts).
        const locale = requestLocale(request);
        const market = await listingMarket(deps.sql, id, deps.clock(), locale);
        if (!market) throw new NotFoundError('Property not found');
        // The rents it was let at join the history for its owner and admins only (issue 44).
        const own = listing && user && (listing.ownerId === user.id || user.role === 'admin');
        const lets = own ? { lets: await listingLets(deps.sql, id, locale) } : {};
        return market.warning
          ? { ...market, ...lets, warning: localiseMessage(market.warning, locale) }
          : { ...market, ...lets };
      },
      {
        requireUser: true,
        response: { 200: ListingMarketResponse },
        detail: {
          summary: "A listing's rent history, days on the market, relistings and fair-rent hint",
          description:
            `Fair rent: the listing's monthly rent against this month's median of listings of the same type and ` +
            `bedrooms — in its locality, else within ${radii} of it, else in its city, the first with at least ` +
            `${MIN_TREND_SAMPLE} of them ('basis' says which); 'around' within ${band}; null when none has enough. ` +
            `404 when the listing does not exist or was deleted; 403 '${UNDER_REVIEW}' while it is hidden pending review, but to its owner and admins.`,
          tags,
          security: [{ bearer: [] }],
        },
      },
    )
    .get(
      '/rent-trends',
      async ({ query }) => ({
        ...(await rentTrends(deps.sql, parseWith(RentTrendsQuery, query))),
        minSample: MIN_TREND_SAMPLE,
        minLetSample: MIN_LET_SAMPLE,
      }),
      {
        response: { 200: RentTrendsResponse },
        detail: {
          // Checked in the handler: Elysia's own query check would answer without the fields' messages.
          parameters,
          summary: 'Median monthly rents of a city or locality by property type and bedrooms',
          description:
            `This month (the latest the listings reach) against three and twelve months ago, and a series of ` +
            `${TREND_MONTHS} months. A median of fewer than ${MIN_TREND_SAMPLE} listings is null; a type and ` +
            'bedroom count with no month worth showing is left out. Public: aggregates only, no listing. ' +
            `'letSeries' (when the window has a let): the median rent homes were actually let at, null below ` +
            `${MIN_LET_SAMPLE} lets in a month, so no one's own agreement is ever shown.`,
          tags,
        },
      },
    );
