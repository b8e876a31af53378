import type { Sql } from 'postgres';
import { sweepAndRecord, type SweepResult } from '@rentals/projections/listingExpiry/sweep';
import { catchUpReadModels } from './readSide.ts';

/**
 * The expiry scheduler at a chosen `now` (time is passed into decide, so a
 * test sets day 25 or day 30 without waiting): the read models catch up
 * first (the sweep reads the schedule), then one sweep runs as the
 * projections process runs it, then the read models catch up with what it
 * recorded.
 */
export const sweepExpiriesAt = async (db: Sql, now: Date): Promise<SweepResult> => {
  await catchUpReadModels(db);
  const result = await sweepAndRecord({ sql: db, now });
  await catchUpReadModels(db);
  return result;
};
