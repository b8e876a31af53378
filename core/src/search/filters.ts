import { Type, type Static } from '@sinclair/typebox';
import { PROPERTY_TYPES } from '../listings/listing.ts';
import { literals } from '../listings/fields.ts';
import { TenancyFilterQuery } from '../listings/tenancyFilters.ts';
import { messages } from '../schemaErrors.ts';
import { singleLineText } from '../textFormats.ts';

/** Rents and room counts beyond any listing's bounds find nothing; far beyond, they are typos. */
const MAX_RENT_FILTER = 1_000_000_000;
const MAX_ROOMS_FILTER = 1000;

export const searchFilterMessages = {
  rent: (name: string) => `${name} must be a number of 0 or more`,
  rentOrder: 'minRent cannot be greater than maxRent',
  rooms: (name: string) => `${name} must be a whole number of 0 or more ('4' means 4 or more)`,
  propertyType: 'Property type must be PG, house, or flat',
  ownersOnly: 'ownersOnly must be true or false',
  tooLong: (name: string, max: number) => `${name} cannot be longer than ${max} characters`,
  control: (name: string) => `${name} cannot contain control characters`,
} as const;
const m = searchFilterMessages;

const text = (name: string, max: number, description: string) =>
  Type.Optional(
    singleLineText({
      maxLength: max,
      description,
      ...messages({ maxLength: m.tooLong(name, max), format: m.control(name) }),
    }),
  );

const rent = (name: string, description: string) =>
  Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: MAX_RENT_FILTER,
      description,
      ...messages({ type: m.rent(name) }),
    }),
  );

const rooms = (name: string, description: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_ROOMS_FILTER,
      description,
      ...messages({ type: m.rooms(name) }),
    }),
  );

/**
 * The filters of a search, as the caller types them: the one copy of them.
 * The list and map searches (api/src/properties) read them from the query
 * string; a saved search (savedSearches/) keeps them, with the tenancy
 * terms (SearchPageFilters), as given, so it can be shown and opened again as
 * it was typed.
 */
export const searchFilterFields = {
  city: text(
    'city',
    100,
    "City, case-insensitive and typo-tolerant, with old names ('bangalore', 'bombay')",
  ),
  area: text(
    'area',
    100,
    "Locality or PIN code, case-insensitive and typo-tolerant ('Koramangla', 'HSRLayout', '560034')",
  ),
  propertyType: Type.Optional(
    Type.Array(literals(PROPERTY_TYPES, messages({ type: m.propertyType })), {
      description:
        "PG, house or flat; repeat the key (or separate by commas) for several; 'all' is no filter",
      maxItems: 20,
      ...messages({ type: m.propertyType, maxItems: m.propertyType }),
    }),
  ),
  minRent: rent('minRent', 'Lowest rent (₹), 0 or more'),
  maxRent: rent('maxRent', 'Highest rent (₹)'),
  bedrooms: rooms('bedrooms', "At least this many ('4' means 4 or more)"),
  bathrooms: rooms('bathrooms', 'At least this many'),
  ownersOnly: Type.Optional(
    Type.Boolean({
      description:
        "true: only listings an owner lists, not a broker ('Owners only'); signed-in users",
      ...messages({ type: m.ownersOnly }),
    }),
  ),
  q: text(
    'q',
    200,
    'Free text (every word must match); a PIN code in it filters by place for signed-in users',
  ),
};

/**
 * Every filter of the search page: the ones above and the tenancy terms
 * (tenancyFilters.ts), flat as its URL carries them. What a saved search keeps.
 */
export const SearchPageFilters = Type.Object(
  { ...searchFilterFields, ...TenancyFilterQuery.properties },
  { additionalProperties: false },
);
export type SearchPageFilters = Static<typeof SearchPageFilters>;
