import { Elysia, t } from 'elysia';
import { access, type AuthUser } from '../access/access.ts';
import { OWNER_ROLES } from '../access/routeTable.ts';
import type { AppDeps } from '../deps.ts';
import { listingStreamId } from '@rentals/core/listings/events';
import { listingIdOr404 } from '../listings/model.ts';
import { refuseIfHidden } from '../listings/hiddenForReview.ts';
import { NotFoundError } from '@rentals/core/errors';
import {
  findListing,
  featuredListings,
  ownerListings,
} from '@rentals/projections/queries/listingQueries';
import { ownerSummary } from '@rentals/projections/queries/ownerSummary';
import {
  featuredPublicListings,
  findPublicListing,
  publicListingsByIds,
} from '@rentals/projections/queries/publicQueries';
import type {
  SearchAudience,
  SearchCriteria,
  SearchResult,
} from '@rentals/projections/queries/criteria';
import { searchInPostgres } from '@rentals/projections/queries/searchInPostgres';
import { searchParameters, tags } from './openapi.ts';
import { waitForStream } from '@rentals/projections/queries/readYourWrites';
import { ownListingFromLog, withOwnWrites, withPhotoUploads } from './ownWrites.ts';
import { documentCacheFor } from './documentCache.ts';
import { ownerContact } from './ownerContact.ts';
import { isEmailVerified } from '../auth/users.ts';
import { requestLocale } from '../i18n/apiErrors.ts';
import { parseSearchParams, type SearchParams } from './searchParams.ts';
import { propertyServices } from './services.ts';
import { resolvePlaces } from './criteriaFor.ts';
import {
  FeaturedResponse,
  MyPropertiesResponse,
  PropertyDetailResponse,
  PropertySearchResponse,
  PublicFeaturedResponse,
  PublicPropertySearchResponse,
} from '@rentals/core/contract/property';

export type PropertyQueryDeps = Pick<
  AppDeps,
  'sql' | 'meili' | 'log' | 'clock' | 'jwtSecret' | 'clientIp' | 'searchRate' | 'eventStore'
>;

/** How many listings the home page's featured grid shows (SPEC §9). */
export const FEATURED_COUNT = 6;
const NOT_FOUND = 'Property not found';

const PreviewQuery = t.Object({
  preview: t.Optional(
    t.Literal('1', {
      description: "'1' for a glance (a map popup): no view counted, no owner contact",
      error: "preview must be '1'",
    }),
  ),
});
/** What anyone but its owner and admins is told about a listing that reports hid pending review. */

const FEATURED_RULE =
  'Featured: listed listings with at least one photo, verified ones first, then newest first; 6 by default (the home grid), `limit` up to 50.';

const featuredLimit = (query: URLSearchParams) => {
  const n = Number(query.get('limit') ?? FEATURED_COUNT);
  return Number.isInteger(n) && n >= 1 && n <= 50 ? n : FEATURED_COUNT;
};

/** What the property query routes share. */
type Ctx = ReturnType<typeof propertyServices> & { deps: PropertyQueryDeps };

const routes = (ctx: Ctx, part: string) =>
  new Elysia({ name: `propertyQueries-${part}`, prefix: '/properties' }).use(access(ctx.deps));

const criteriaFor = async (
  ctx: Ctx,
  p: SearchParams,
  audience: SearchAudience,
): Promise<SearchCriteria> => resolvePlaces(await ctx.localities.current(), p, audience);

/**
 * A search's page and its count. The hits come from the index, the documents from the read
 * models, which can be behind the index while they catch up (a bulk import, a rebuild): when
 * a hit of the page has no row, the read model answers the search itself (the Postgres
 * search), so the page and the count hold only what it can show. A hit that still has no row
 * (a race) leaves the count too: no page claims listings it cannot show.
 */
const pageOf = async <T>(
  ctx: Ctx,
  audience: SearchAudience,
  criteria: SearchCriteria,
  documentsOf: (found: SearchResult) => Promise<T[]>,
) => {
  let found = await ctx.search.search(audience, criteria);
  let documents = await documentsOf(found);
  if (documents.length < found.ids.length) {
    found = await searchInPostgres(ctx.deps.sql, audience, criteria);
    documents = await documentsOf(found);
  }
  const unshown = found.ids.length - documents.length;
  return { documents, total: Math.max(documents.length, found.total - unshown) };
};

/** Search for signed-in users (full documents) and for visitors (the public documents). */
const searchRoutes = (ctx: Ctx) => {
  const { deps, limitSearch } = ctx;
  return routes(ctx, 'search')
    .get(
      '',
      async ({ request, user }) => {
        limitSearch(request, user.id);
        const params = parseSearchParams(new URL(request.url).searchParams);
        const { documents, total } = await pageOf(
          ctx,
          'full',
          await criteriaFor(ctx, params, 'full'),
          (found) => documentCacheFor(deps).byIds(found.ids, found.changed),
        );
        const hasMore = params.page * params.limit < total;
        // {properties, totalCount, hasMore}, with the documents spliced in as Postgres wrote them.
        return new Response(
          `{"properties":[${documents.join(',')}],"totalCount":${total},"hasMore":${hasMore}}`,
          { headers: { 'content-type': 'application/json' } },
        );
      },
      {
        requireUser: true,
        // For the contract and OpenAPI only: the handler's Response is sent as it is, unchecked.
        response: { 200: PropertySearchResponse },
        detail: {
          summary: 'Search listed properties (signed in): full documents',
          description:
            "city and area are case-insensitive and typo-tolerant ('Koramangla' finds Koramangala, 'bangalore' finds Bengaluru), " +
            "read spacing, short forms and a locality's other names ('HSRLayout', 'Andheri (E)', 'Bidhannagar'), and take a PIN code " +
            '(as may q): they are resolved to the known localities first, then filtered exactly. bedrooms/bathrooms mean "at least". ' +
            'totalCount is exact. Bad values answer 400 with one entry per bad parameter.',
          tags,
          parameters: searchParameters('full'),
          security: [{ bearer: [] }],
        },
      },
    )
    .get(
      '/public',
      async ({ request }) => {
        limitSearch(request, undefined);
        const params = parseSearchParams(new URL(request.url).searchParams);
        const { documents: properties, total } = await pageOf(
          ctx,
          'public',
          await criteriaFor(ctx, params, 'public'),
          (found) => publicListingsByIds(deps.sql, found.ids),
        );
        return {
          properties,
          pagination: {
            currentPage: params.page,
            totalPages: Math.ceil(total / params.limit),
            totalItems: total,
            itemsPerPage: params.limit,
          },
        };
      },
      {
        response: { 200: PublicPropertySearchResponse },
        detail: {
          summary: 'Search listed properties as a visitor: restricted documents only',
          description:
            'The visitor documents have no rent, contact, facilities, address, area, pin code or exact position. ' +
            'Rent and area are not public, so minRent, maxRent, area and rent sorts are accepted but not applied, nor are the tenancy-term filters; free text looks at title, description and city.',
          tags,
          parameters: searchParameters('public'),
        },
      },
    );
};

/** The featured lists (the home grid), for signed-in users and for visitors. */
const featuredRoutes = (ctx: Ctx) => {
  const { deps } = ctx;
  return routes(ctx, 'featured')
    .get(
      '/featured',
      async ({ request }) => ({
        properties: await featuredListings(
          deps.sql,
          featuredLimit(new URL(request.url).searchParams),
        ),
      }),
      {
        requireUser: true,
        response: { 200: FeaturedResponse },
        detail: {
          summary: 'Featured properties (signed in)',
          description: FEATURED_RULE,
          tags,
          security: [{ bearer: [] }],
        },
      },
    )
    .get(
      '/public/featured',
      async ({ request }) => ({
        properties: await featuredPublicListings(
          deps.sql,
          featuredLimit(new URL(request.url).searchParams),
        ),
      }),
      {
        response: { 200: PublicFeaturedResponse },
        detail: {
          summary: 'Featured properties for visitors (restricted documents)',
          description: FEATURED_RULE,
          tags,
        },
      },
    );
};

/** The owner's own list, with the summary cards. */
const ownerRoutes = (ctx: Ctx) => {
  const { deps } = ctx;
  return routes(ctx, 'owner').get(
    '/my-properties',
    async ({ user, request }) => {
      // Read-your-writes: the owner's own changes are in the list they see next, from the log
      // while the read model lags (ownWrites.ts).
      const own = await withOwnWrites(deps, user.id, async () => {
        const [properties, summary] = await Promise.all([
          ownerListings(deps.sql, user.id),
          ownerSummary(deps.sql, user.id),
        ]);
        return { properties, summary };
      });
      // A failed photo's message in the owner's language (the site sends its page's).
      const locale = requestLocale(request);
      return { ...own, properties: await withPhotoUploads(deps, own.properties, locale) };
    },
    {
      requireRole: OWNER_ROLES,
      response: { 200: MyPropertiesResponse },
      detail: {
        summary: "The caller's own properties, newest first, delisted included",
        description:
          'Also carries `summary` {total, listed, delisted, totalViews} for the summary cards.',
        tags,
        security: [{ bearer: [] }],
      },
    },
  );
};

/**
 * One property: the visitor document for visitors; for signed-in users the full one (the owner's
 * as last written, from the log while the read model lags: ownWrites.ts) with the owner's contact.
 * A map popup's glance (`preview`) is not a visit: no view, no owner contact.
 */
const findProperty = async (
  { deps, views }: Ctx,
  id: string,
  preview: boolean,
  user: AuthUser | null,
  request: Request,
) => {
  if (!user) {
    const visible = await findPublicListing(deps.sql, id);
    if (!visible) throw new NotFoundError(NOT_FOUND);
    if (!preview) views.record(id, { address: deps.clientIp?.(request) ?? null });
    return { property: visible };
  }
  // The owner's own listing as last written, even while the read model lags (ownWrites.ts);
  // others wait briefly for the read model.
  const own = await ownListingFromLog(deps, id, user);
  if (own.read === 'behind') await waitForStream(deps.sql, listingStreamId(id));
  const found = own.read === 'folded' ? own.document : await findListing(deps.sql, id);
  if (!found) throw new NotFoundError(NOT_FOUND);
  const property =
    found.ownerId === user.id || user.role === 'admin'
      ? (await withPhotoUploads(deps, [found], requestLocale(request)))[0]!
      : found;
  refuseIfHidden({ ownerId: property.ownerId, hidden: !!property.hiddenForReview }, user);
  if (preview) return { property };
  if (user.id !== property.ownerId)
    views.record(id, { userId: user.id, address: deps.clientIp?.(request) ?? null });
  const contact = await ownerContact(deps.sql, property.ownerId, property.contactInfo);
  // Read now, not kept on the document: a verification (or an email change) shows at once.
  const ownerEmailVerified = await isEmailVerified(deps.sql, property.ownerId);
  return { property, contact, ownerEmailVerified };
};

const propertyRoute = (ctx: Ctx) =>
  routes(ctx, 'one').get(
    '/:id',
    ({ params, query, user, request }) =>
      findProperty(ctx, listingIdOr404(params.id), query.preview === '1', user, request),
    {
      optionalUser: true,
      query: PreviewQuery,
      response: { 200: PropertyDetailResponse },
      detail: {
        summary:
          'One property: the full document with a valid token, the visitor document without one',
        description:
          '404 when it does not exist or was deleted (and, for visitors, when it is delisted or hidden pending ' +
          "review); 403 'This listing is under review' for signed-in users other than its owner and admins while " +
          'reports hide it. A view by anyone but ' +
          'the owner counts once per viewer per day: a signed-in user by account, a visitor by address. ' +
          "A signed-in caller also gets `contact`: the owner's `phone` when the listing shows the phone and `email` " +
          'when it shows the email (only here, never in lists or the visitor document). ' +
          'It also gets `ownerEmailVerified`, whether the lister confirmed their email address. ' +
          '`preview=1` (a map popup) counts no view and carries no `contact`.',
        tags,
      },
    },
  );

/**
 * The read side of properties (SPEC §7): search for signed-in users and
 * visitors, featured lists, the owner's list and a single property. Searches
 * run on Meilisearch (Postgres when it is down); documents come from the
 * Postgres read models, the public ones for visitors; signed-in searches'
 * documents through a per-process cache kept current by NOTIFY
 * (documentCache.ts).
 */
export const propertyQueryRoutes = (deps: PropertyQueryDeps) => {
  const ctx: Ctx = { ...propertyServices(deps), deps };
  return new Elysia({ name: 'propertyQueries' })
    .use(searchRoutes(ctx))
    .use(featuredRoutes(ctx))
    .use(ownerRoutes(ctx))
    .use(propertyRoute(ctx));
};
