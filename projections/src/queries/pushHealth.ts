import type { Sql } from 'postgres';

/** Web Push as /api/health's details show it: subscriptions kept, and deliveries of the last day by outcome. */
export type PushStatus = {
  subscriptions: number;
  lastDay: { sent: number; gone: number; failed: number };
  lastSentAt: string | null;
};

export const pushStatus = async (sql: Sql): Promise<PushStatus> => {
  const [row] = await sql<
    { subscriptions: number; sent: number; gone: number; failed: number; lastSentAt: Date | null }[]
  >`
    SELECT (SELECT count(*)::int FROM push_subscriptions) AS subscriptions,
           count(*) FILTER (WHERE outcome = 'sent')::int AS sent,
           count(*) FILTER (WHERE outcome = 'gone')::int AS gone,
           count(*) FILTER (WHERE outcome = 'failed')::int AS failed,
           max(at) FILTER (WHERE outcome = 'sent') AS "lastSentAt"
    FROM push_deliveries WHERE at > now() - interval '1 day'`;
  return {
    subscriptions: row!.subscriptions,
    lastDay: { sent: row!.sent, gone: row!.gone, failed: row!.failed },
    lastSentAt: row!.lastSentAt?.toISOString() ?? null,
  };
};
