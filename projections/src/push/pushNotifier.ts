import type { Sql } from 'postgres';
import { inQuietHours } from '@rentals/core/push/quietHours';
import { vapidKeysFor, type VapidKeys } from '@rentals/core/push/vapidKeys';
import { startRounds } from '../runner/rounds.ts';
import { pushAlerts } from './alertPushes.ts';
import { pushMessages, PUSH_AFTER_MS } from './messagePushes.ts';
import { pushNotices } from './noticePushes.ts';
import { pushVisits } from './visitPushes.ts';
import { createPushSender, type Delivered } from './sender.ts';

export type PushNotifierOptions = {
  sql: Sql;
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; absent, the pair kept in the database (made on first use). */
  vapidKeys?: VapidKeys;
  /** VAPID_SUBJECT. */
  subject: string;
  clock: () => Date;
  /** How long an unread message waits before its push; PUSH_AFTER_MS unless set. */
  messageAfterMs?: number;
  intervalMs?: number;
  log?: (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
};

/**
 * One round: new messages, instant alerts, owner notices and visit changes, each to the
 * users who want that channel and are out of their quiet hours. Any error of
 * one kind is logged and the others still go out.
 */
export const pushOnce = async (
  o: PushNotifierOptions & { send: ReturnType<typeof createPushSender> },
): Promise<Delivered> => {
  const now = o.clock();
  const total: Delivered = { sent: 0, gone: 0, failed: 0 };
  const common = { sql: o.sql, send: o.send, now, quiet: inQuietHours(now) };
  const kinds = [
    [
      'messages',
      () => pushMessages({ ...common, afterMs: o.messageAfterMs ?? PUSH_AFTER_MS }, total),
    ],
    ['alerts', () => pushAlerts(common, total)],
    ['owner notices', () => pushNotices(common, total)],
    ['visits', () => pushVisits(common, total)],
  ] as const;
  for (const [name, run] of kinds) {
    try {
      await run();
    } catch (error) {
      o.log?.(
        `${name} pushes failed; trying again next round`,
        { error: (error as Error).message },
        'warn',
      );
    }
  }
  // The delivery log keeps a month: enough to look into a complaint, bounded.
  await o.sql`DELETE FROM push_deliveries WHERE at < ${new Date(now.getTime() - 30 * 86_400_000)}`;
  return total;
};

/**
 * The push loop of the projections process (docs/PUSH.md): a round every
 * `intervalMs` (5 s). Every projections process runs one; the claims keep
 * each push to one process.
 */
export const startPushNotifier = (options: PushNotifierOptions) => {
  let send: ReturnType<typeof createPushSender> | undefined;
  return startRounds({
    name: 'push notifications',
    intervalMs: options.intervalMs ?? 5_000,
    round: async () => {
      send ??= createPushSender({
        sql: options.sql,
        vapidKeys: await vapidKeysFor(options.sql, options.vapidKeys, options.clock()),
        subject: options.subject,
        clock: options.clock,
      });
      return pushOnce({ ...options, send });
    },
    report: (r) =>
      r.sent + r.gone + r.failed > 0
        ? { line: `${r.sent} push(es) sent, ${r.gone} subscription(s) gone, ${r.failed} failed` }
        : undefined,
    log: options.log,
  });
};
