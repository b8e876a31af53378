import { publicRent } from '../queries/rentMarket.ts';
import {
  LICENCE,
  MIN_CELL,
  OPEN_DATA,
  type RentRow,
  type RentsFile,
} from '@rentals/core/openData/rentsSchema';

/**
 * The open rent data's rows, pure: the asked and let medians of one bucket
 * (city or locality, property type, bedrooms, month) side by side, each
 * suppressed below MIN_CELL, and the files they are written as.
 */

/** One bucket's median and count from a read model; `areaKey` '' for the whole city. */
export type Cell = {
  scope: 'city' | 'locality';
  cityKey: string;
  areaKey: string;
  propertyType: string;
  bedrooms: number;
  /** 'YYYY-MM-01', an Indian calendar month. */
  month: string;
  median: number;
  count: number;
};

/** Display names by key: the spelling most listings use (see read.ts). */
export type PlaceNames = {
  cities: ReadonlyMap<string, string>;
  /** By `${cityKey}\u0000${areaKey}`. */
  areas: ReadonlyMap<string, string>;
};

const bucketKey = (c: Cell) =>
  [c.scope, c.cityKey, c.areaKey, c.propertyType, c.bedrooms, c.month].join('\u0000');

/**
 * A median (whole rupees, to the nearest ₹500 as every public median) and
 * its count, or both null when fewer than MIN_CELL stand behind it.
 */
export const shownCell = (cell: Cell | undefined) =>
  cell && cell.count >= MIN_CELL
    ? { median: publicRent(cell.median), count: cell.count }
    : { median: null, count: null };

const compare = (a: string | number | null, b: string | number | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

const ORDER: (keyof RentRow)[] = ['city', 'locality', 'month', 'propertyType', 'bedrooms'];

/**
 * Every bucket with a shown asked or let figure, as a row; a bucket with
 * both suppressed is left out. A place whose name is not known any more
 * (every listing there deleted) is named by its key, the folded spelling.
 * Sorted by city, then the city-wide row before its localities, month, type
 * and bedrooms (code point order, the same on every machine).
 */
export const shapeRows = (asked: readonly Cell[], lets: readonly Cell[], names: PlaceNames) => {
  const buckets = new Map<string, { asked?: Cell; let?: Cell }>();
  for (const c of asked) buckets.set(bucketKey(c), { ...buckets.get(bucketKey(c)), asked: c });
  for (const c of lets) buckets.set(bucketKey(c), { ...buckets.get(bucketKey(c)), let: c });
  const rows: RentRow[] = [];
  for (const { asked: a, let: l } of buckets.values()) {
    const cell = (a ?? l)!;
    const shownAsked = shownCell(a);
    const shownLet = shownCell(l);
    if (shownAsked.count === null && shownLet.count === null) continue;
    rows.push({
      scope: cell.scope,
      city: names.cities.get(cell.cityKey) ?? cell.cityKey,
      locality:
        cell.scope === 'city'
          ? null
          : (names.areas.get(`${cell.cityKey}\u0000${cell.areaKey}`) ?? cell.areaKey),
      month: cell.month.slice(0, 7),
      propertyType: cell.propertyType as RentRow['propertyType'],
      bedrooms: cell.bedrooms,
      askedMedianRent: shownAsked.median,
      askedListings: shownAsked.count,
      letMedianRent: shownLet.median,
      lets: shownLet.count,
    });
  }
  return rows.sort((x, y) => {
    for (const k of ORDER) {
      const d = compare(x[k], y[k]);
      if (d !== 0) return d;
    }
    return 0;
  });
};

const CSV_COLUMNS: [string, keyof RentRow][] = [
  ['city', 'city'],
  ['locality', 'locality'],
  ['scope', 'scope'],
  ['month', 'month'],
  ['property_type', 'propertyType'],
  ['bedrooms', 'bedrooms'],
  ['asked_median_rent', 'askedMedianRent'],
  ['asked_listings', 'askedListings'],
  ['let_median_rent', 'letMedianRent'],
  ['lets', 'lets'],
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line
 * break, quotes doubled. A place name an owner typed that starts like a
 * spreadsheet formula (= + - @) gets a leading apostrophe, so opening the
 * file never runs it (OWASP's CSV injection advice).
 */
export const csvField = (value: string | number | null): string => {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The CSV file: a header row, then one line per row, CRLF line ends (RFC 4180), UTF-8. */
export const rentsCsv = (rows: readonly RentRow[]): string =>
  [
    CSV_COLUMNS.map(([name]) => name).join(','),
    ...rows.map((row) => CSV_COLUMNS.map(([, key]) => csvField(row[key])).join(',')),
  ].join('\r\n') + '\r\n';

/** The JSON file's content: the rows with their licence, method and schema. */
export const rentsFile = (rows: RentRow[], throughMonth: string | null): RentsFile => ({
  title: 'Open rent data: median asked and let rents by city, locality, type, BHK and month',
  licence: { ...LICENCE },
  method: OPEN_DATA.page,
  schema: `/${OPEN_DATA.schema}`,
  minimumCell: MIN_CELL,
  throughMonth: throughMonth?.slice(0, 7) ?? null,
  rows,
});

/** One row per line: diffs of two days' files stay readable. */
export const rentsJson = (file: RentsFile): string => {
  const { rows, ...head } = file;
  const top = JSON.stringify(head).slice(0, -1);
  return `${top},"rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
};
