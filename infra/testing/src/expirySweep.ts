import type { Sql } from 'postgres';
import { sweepAndRecord, type SweepResult } from '@rentals/projections/listingExpiry/sweep';
import { sendExpiryReminder } from '@rentals/projections/listingExpiry/reminder';
import type { Mailer } from '@rentals/core/mail/mailer';
import { catchUpReadModels } from './readSide.ts';

/**
 * The expiry scheduler at a chosen `now` (time is passed into decide, so a
 * test sets day 25 or day 30 without waiting): the read models catch up
 * first (the sweep reads the schedule), then one sweep runs as the
 * projections process runs it, then the read models catch up with what it
 * recorded. With `mail`, reminders are emailed as the projections process
 * emails them (through the real mail catcher). Against a running product,
 * whose projections process keeps the read models, `caughtUp` waits for it
 * instead.
 */
export const sweepExpiriesAt = async (
  db: Sql,
  now: Date,
  mail?: { mailer: Mailer; siteUrl: string },
  caughtUp: () => Promise<void> = () => catchUpReadModels(db),
): Promise<SweepResult> => {
  await caughtUp();
  const result = await sweepAndRecord({
    sql: db,
    now,
    ...(mail ? { onReminded: sendExpiryReminder({ sql: db, ...mail }) } : {}),
  });
  await caughtUp();
  return result;
};
