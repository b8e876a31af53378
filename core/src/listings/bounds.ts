/**
 * The bounds a real listing has: one place for the edge schema, the `decide`
 * invariants, the event schemas and (copied, with a test that they agree)
 * the site's form. SPEC §5/§9 fixes the text lengths and the pin code; the
 * rest are ours: generous for any real home in India, tight enough that no
 * value can break a read model (integer columns, doubles, sort keys).
 */

export const TEXT_BOUNDS = {
  title: { min: 5, max: 100 },
  description: { min: 20, max: 1000 },
  city: { max: 100 },
  area: { max: 100 },
  address: { max: 300 },
  caption: { max: 200 },
} as const;

/** Whole rupees, up to ₹1 crore (a month or a year). */
export const RENT_BOUNDS = { min: 1, max: 10_000_000 } as const;

/** Whole numbers. Floors count from 0 (ground), as SPEC §5 refuses negative floors. */
export const DETAIL_BOUNDS = {
  bedrooms: { min: 0, max: 50 },
  bathrooms: { min: 0, max: 50 },
  /** Built-up area in square feet. */
  area: { min: 0, max: 100_000 },
  floor: { min: 0, max: 200 },
  totalFloors: { min: 0, max: 200 },
} as const;

/** A box around India (mainland and islands), in degrees; a map position must fall inside it. */
export const INDIA_BOUNDS = { south: 6, north: 38, west: 68, east: 98 } as const;

/** SPEC §9: any position on Earth is a valid number; inside India is our rule on top. */
export const LATITUDE_RANGE = { min: -90, max: 90 } as const;
export const LONGITUDE_RANGE = { min: -180, max: 180 } as const;

export const PIN_CODE_PATTERN = '^[0-9]{6}$';

/**
 * A listing (or image) id: what `newId` makes (UUIDs) and what the site's
 * id routes accept. Anything else is not an id and is answered 404.
 */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const ID = new RegExp(ID_PATTERN);
export const isWellFormedId = (id: string) => ID.test(id);

/** Form text that is a number as people write one: digits, an optional sign and fraction; no exponent, hex or words. */
export const PLAIN_DECIMAL = /^[-+]?\d{1,16}(?:\.\d{1,16})?$/;
