/**
 * The cities and localities the scenarios search, list in and read: the
 * benchmark seed's places (bench/support/listingGenerator.ts), written by the
 * runner to data/places.json (runner/inputs.ts) because a k6 script can only
 * read files, not compute them from the post-office data.
 */
export type Locality = { name: string; pinCode: string; lat: number; lng: number };

export type Place = {
  name: string;
  /** The public site's URL segment (SQL public_site_city_slug). */
  slug: string;
  /** How tenants type it: as listed, lower case, and its other names from the gazetteer. */
  spellings: string[];
  /** A typical 1 BHK rent, the level the searched rent ranges sit around. */
  oneBhkRent: number;
  centre: { lat: number; lng: number };
  radiusKm: number;
  localities: Locality[];
};

/** As the SQL function public_site_city_slug does for every name we list. */
export const citySlug = (city: string) =>
  city
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
