import type { Sql } from 'postgres';
import { PUBLIC_LISTING_MODEL } from '../readModels/publicListingModel.ts';
import { RENT_TRENDS } from '../readModels/rentTrends.ts';
import { LETS_READ_MODEL } from '@rentals/core/readSide/names';

/**
 * The read models the pages are built from: the public listing model, the
 * rent trends on city pages, and the lets in the open rent data.
 */
export const PAGE_SOURCES = [PUBLIC_LISTING_MODEL, RENT_TRENDS, LETS_READ_MODEL] as const;

type Fence = { tx: string; position: number };

/**
 * How far every model the pages read has applied the log: the slowest
 * checkpoint. A model with no runner yet is not waited for (a stack without
 * the rent trends still publishes); with none at all, null.
 */
export const pagesFence = async (sql: Sql): Promise<Fence | null> => {
  const [fence] = await sql<Fence[]>`
    SELECT transaction_id::text AS tx, position FROM projection_checkpoints
    WHERE name IN ${sql(PAGE_SOURCES)}
    ORDER BY transaction_id, position
    LIMIT 1`;
  return fence ?? null;
};

/**
 * The marks a build may take: those at or before the fence. A fragment, so
 * not returned from an async function (awaiting it would run it as a query).
 */
export const marksUpTo = (sql: Sql, fence: Fence | null) =>
  fence
    ? sql`(dirty_tx, dirty_position) <= (${fence.tx}::xid8, ${fence.position}::bigint)`
    : sql`true`;
