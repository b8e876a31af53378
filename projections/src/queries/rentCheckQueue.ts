import type { Sql } from 'postgres';
import type { TooCheapListing } from '@rentals/core/contract/tooCheap';
import type { Locale } from '@rentals/core/i18n/locales';
import { shareBelow } from '@rentals/core/trust/tooCheap';
import { fairRentText, type FairRentBasis } from './rentMarket.ts';

type Row = Omit<TooCheapListing, 'percentBelow' | 'checkedAt'> & {
  checkedAt: Date;
  propertyType: string | null;
  bedrooms: number | null;
};

/**
 * Which comparables a finding stood on, read back from its sentence as the
 * sweep stored it in English (rent_check.evidence): 'within 3 km', else the
 * listing's locality (a much-below finding is never against the whole city,
 * rentMarket.ts's fairRent).
 */
export const findingBasis = (evidence: string, area: string): FairRentBasis => {
  const km = / within (\d+(?:\.\d+)?) km$/.exec(evidence)?.[1];
  return km === undefined
    ? { basis: 'locality', place: area }
    : { basis: 'nearby', km: Number(km) };
};

/** The finding's evidence in the admin's language: the stored English, or said again from its figures. */
const evidenceIn = (r: Row, locale: Locale): string =>
  locale === 'en' || r.propertyType === null || r.bedrooms === null
    ? r.evidence
    : fairRentText(
        { verdict: 'below', median: r.median, sample: r.sample },
        { propertyType: r.propertyType, bedrooms: r.bedrooms },
        findingBasis(r.evidence, r.area),
        locale,
      );

/**
 * The admins' 'too good to be true' queue: listed, unverified listings the
 * rent-check sweep found much below their comparables, furthest below first.
 * Verifying a listing (an admin checked it is genuine) takes it out; the
 * tenants' warning stays, as the rent still is what it is.
 */
export const tooCheapQueue = async (
  db: Sql,
  page: { page: number; pageSize: number },
  /** The language of the evidence (the admin's). */
  locale: Locale = 'en',
): Promise<{ listings: TooCheapListing[]; total: number }> => {
  const where = db`c.much_below AND l.is_available AND NOT l.is_verified`;
  const [rows, [count]] = await Promise.all([
    db<Row[]>`
      SELECT l.id, l.title, l.city, l.area, u.name AS "ownerName", c.checked_rent AS "monthlyRent",
             c.median, c.sample, c.evidence, c.checked_at AS "checkedAt",
             r.property_type AS "propertyType", r.bedrooms
      FROM rent_check c JOIN listing_read l ON l.id = c.listing_id
        LEFT JOIN users u ON u.id = l.owner_id
        LEFT JOIN rent_listing r ON r.listing_id = c.listing_id
      WHERE ${where}
      ORDER BY c.checked_rent / c.median, l.id
      LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
    db<{ total: number }[]>`
      SELECT count(*)::int AS total FROM rent_check c JOIN listing_read l ON l.id = c.listing_id
      WHERE ${where}`,
  ]);
  return {
    listings: rows.map((row) => {
      const { propertyType: _type, bedrooms: _bedrooms, ...r } = row;
      return {
        ...r,
        evidence: evidenceIn(row, locale),
        percentBelow: shareBelow(r.monthlyRent, r.median),
        checkedAt: r.checkedAt.toISOString(),
      };
    }),
    total: count!.total,
  };
};
