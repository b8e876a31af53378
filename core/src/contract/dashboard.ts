/**
 * The dashboards (the /api/dashboard routes): the recent search a tenant's properties page
 * records, and what the tenant's and owner's dashboards answer. Request checks, response
 * validation, OpenAPI and the site's types.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PROPERTY_TYPES } from '../listings/listing.ts';
import { messages } from '../schemaErrors.ts';
import { singleLineText } from '../textFormats.ts';
import { TENANCY_FILTER_KEYS, type TenancyFilterKey } from '../listings/tenancyFilters.ts';

export const dashboardMessages = {
  text: (name: string, max: number) =>
    `${name} must be text of at most ${max} characters, without control characters`,
  whole: (name: string) => `${name} must be a whole number of 0 or more`,
  propertyType: 'Property type must be PG, house, or flat',
} as const;
const m = dashboardMessages;

const text = (name: string, max: number) =>
  Type.Optional(
    singleLineText({
      maxLength: max,
      ...messages({
        type: m.text(name, max),
        maxLength: m.text(name, max),
        format: m.text(name, max),
      }),
    }),
  );
/** Numbers as the properties page's URL carries them: digits, or empty for none. */
const whole = (name: string, digits: number) =>
  Type.Optional(
    Type.String({
      pattern: `^\\d{0,${digits}}$`,
      ...messages({ type: m.whole(name), pattern: m.whole(name) }),
    }),
  );

/** A search of the properties page as the dashboard keeps it: the filters of its URL, bounded. */
export const RecentSearchCriteria = Type.Object(
  {
    city: text('city', 100),
    area: text('area', 100),
    propertyType: Type.Optional(
      Type.String({
        pattern: `^(${PROPERTY_TYPES.join('|')})?$`,
        ...messages({ type: m.propertyType, pattern: m.propertyType }),
      }),
    ),
    minRent: whole('minRent', 10),
    maxRent: whole('maxRent', 10),
    bedrooms: whole('bedrooms', 3),
    bathrooms: whole('bathrooms', 3),
    ownersOnly: text('ownersOnly', 5),
    // The tenancy-term filters as the URL carries them (checked when the search runs).
    ...(Object.fromEntries(TENANCY_FILTER_KEYS.map((key) => [key, text(key, 120)])) as Record<
      TenancyFilterKey,
      ReturnType<typeof text>
    >),
  },
  { additionalProperties: false },
);
export type RecentSearchCriteria = Static<typeof RecentSearchCriteria>;

const RecentSearch = Type.Object({ criteria: RecentSearchCriteria, searchedAt: Type.String() });
export const RecentSearchesResponse = Type.Object({ recentSearches: Type.Array(RecentSearch) });

export const TenantDashboardResponse = Type.Object({
  propertiesViewed: Type.Integer({
    description: 'Listings the caller opened in the last 90 days (their own history)',
  }),
  favourites: Type.Integer(),
  enquiriesSent: Type.Integer({ description: 'Conversations the caller started about a listing' }),
  recentSearches: Type.Array(RecentSearch),
});

export const OwnerViewsResponse = Type.Object({
  days: Type.Array(Type.String({ format: 'date' }), {
    description: 'The last 30 days, oldest first',
  }),
  listings: Type.Array(
    Type.Object({
      listingId: Type.String(),
      title: Type.String(),
      views: Type.Array(Type.Integer()),
      enquiries: Type.Array(Type.Integer(), { description: 'Conversations started, per day' }),
    }),
  ),
});
