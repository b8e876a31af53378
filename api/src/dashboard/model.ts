import { t, type Static } from 'elysia';
import { PROPERTY_TYPES } from '@rentals/core/listings/listing';
import { messages } from '@rentals/core/schemaErrors';
import { singleLineText } from '@rentals/core/textFormats';
import { TENANCY_FILTER_KEYS, type TenancyFilterKey } from '@rentals/core/listings/tenancyFilters';

export const dashboardMessages = {
  text: (name: string, max: number) =>
    `${name} must be text of at most ${max} characters, without control characters`,
  whole: (name: string) => `${name} must be a whole number of 0 or more`,
  propertyType: 'Property type must be PG, house, or flat',
} as const;
const m = dashboardMessages;

const text = (name: string, max: number) =>
  t.Optional(
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
  t.Optional(
    t.String({
      pattern: `^\\d{0,${digits}}$`,
      ...messages({ type: m.whole(name), pattern: m.whole(name) }),
    }),
  );

/** A search of the properties page as the dashboard keeps it: the filters of its URL, bounded. */
export const RecentSearchCriteria = t.Object(
  {
    city: text('city', 100),
    area: text('area', 100),
    propertyType: t.Optional(
      t.String({
        pattern: `^(${PROPERTY_TYPES.join('|')})?$`,
        ...messages({ type: m.propertyType, pattern: m.propertyType }),
      }),
    ),
    minRent: whole('minRent', 10),
    maxRent: whole('maxRent', 10),
    bedrooms: whole('bedrooms', 3),
    bathrooms: whole('bathrooms', 3),
    // The tenancy-term filters as the URL carries them (checked when the search runs).
    ...(Object.fromEntries(TENANCY_FILTER_KEYS.map((key) => [key, text(key, 120)])) as Record<
      TenancyFilterKey,
      ReturnType<typeof text>
    >),
  },
  { additionalProperties: false },
);
export type RecentSearchCriteria = Static<typeof RecentSearchCriteria>;

const RecentSearch = t.Object({ criteria: RecentSearchCriteria, searchedAt: t.String() });
export const RecentSearchesResponse = t.Object({ recentSearches: t.Array(RecentSearch) });

export const TenantDashboardResponse = t.Object({
  propertiesViewed: t.Integer({
    description: 'Listings the caller opened in the last 90 days (their own history)',
  }),
  favourites: t.Integer(),
  enquiriesSent: t.Integer({ description: 'Conversations the caller started about a listing' }),
  recentSearches: t.Array(RecentSearch),
});

export const OwnerViewsResponse = t.Object({
  days: t.Array(t.String({ format: 'date' }), { description: 'The last 30 days, oldest first' }),
  listings: t.Array(
    t.Object({
      listingId: t.String(),
      title: t.String(),
      views: t.Array(t.Integer()),
      enquiries: t.Array(t.Integer(), { description: 'Conversations started, per day' }),
    }),
  ),
});
