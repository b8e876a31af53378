import type { Sql } from 'postgres';

/** The expiry scheduler's last sweep (listingExpiry/sweep.ts), for /api/health. */
export type ExpirySweepStatus = {
  lastSweepAt: string;
  /** The `now` the sweep decided with. */
  sweptFor: string;
  due: number;
  reminded: number;
  expired: number;
  failures: number;
  durationMs: number;
};

/** Null before the first sweep. */
export const lastExpirySweep = async (sql: Sql): Promise<ExpirySweepStatus | null> => {
  const [row] = await sql<
    {
      sweptAt: Date;
      nowUsed: Date;
      due: number;
      reminded: number;
      expired: number;
      failures: number;
      durationMs: number;
    }[]
  >`SELECT swept_at AS "sweptAt", now_used AS "nowUsed", due, reminded, expired, failures,
           duration_ms AS "durationMs" FROM listing_expiry_sweeps`;
  if (!row) return null;
  const { sweptAt, nowUsed, ...counts } = row;
  return { lastSweepAt: sweptAt.toISOString(), sweptFor: nowUsed.toISOString(), ...counts };
};
