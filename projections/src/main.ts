// Entry of the projections process: one runner per registered projection.
import { s3Bucket } from '@rentals/core/s3Bucket';
import { createBucketMirror } from './publicSite/bucketMirror.ts';
import { resolve } from 'node:path';
import { createSql } from '@rentals/core/db';
import { createConsoleLogger } from '@rentals/core/logger';
import { handleProcessFaults } from '@rentals/core/processFaults';
import { startMemoryLog } from '@rentals/core/memoryLog';
import { loadConfig, requireResolved } from '@rentals/core/config/env';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { startAlertMailer } from './alerts/alertMailer.ts';
import { startAnnouncementIndexMerger } from './alerts/announcementIndex.ts';
import { startMessageNotifier } from './messageNotifications/notifier.ts';
import { startPushNotifier } from './push/pushNotifier.ts';
import { startExpiryScheduler } from './listingExpiry/sweep.ts';
import { startVisitMailer } from './visits/mailer.ts';
import { startRentCheck } from './trust/rentCheck.ts';
import { sendExpiryReminder } from './listingExpiry/reminder.ts';
import { startRegenerator } from './publicSite/regenerator.ts';
import { projections } from './registry.ts';
import { parkedStreams } from './queries/readSideHealth.ts';
import { startProjection } from './runner/runner.ts';

const config = requireResolved(loadConfig(process.env));
const log = createConsoleLogger(config.logFormat);
// An error of the database client outside any promise (or a query nobody awaited failing on an
// outage) is logged and the process goes on: the client reconnects for the next query. Anything
// else exits, for the supervisor to start a clean process (core/src/processFaults.ts says why).
handleProcessFaults(log);
// Batches share this pool; each runner also holds one connection of its own (lock, LISTEN, heartbeat).
const sql = createSql(config.databaseUrl, { max: projections.length + 5 });
const running = projections.map((p) =>
  startProjection(sql, p, {
    batchSize: config.projectionBatchSize,
    pollIntervalMs: config.projectionPollMs,
    log: (line, fields, level = 'info') => log[level](line, fields),
    logApplied: true,
  }),
);
log.info(
  `projections running: ${projections.map((p) => p.name).join(', ') || '(none registered)'}`,
);
// Parked streams stay parked across restarts; say so where an operator looks first.
void parkedStreams(sql)
  .then((parked) => {
    if (parked.length > 0)
      log.warn(
        `${parked.length} parked stream(s) wait behind an event a projection cannot apply; see npm run projections:parked`,
      );
  })
  .catch(() => undefined);
// Rebuilds the static public pages of the cities the dirty-cities projection marks.
const publicSiteDir = resolve(config.dataDir, 'public-site');
const regenerator = startRegenerator({
  sql,
  outDir: publicSiteDir,
  siteUrl: config.siteUrl,
  log: (line) => log.info(line),
  // With PAGES_S3_* the pages are published to the bucket as well, for the web processes or a CDN.
  mirror: config.pagesS3
    ? createBucketMirror({
        sql,
        outDir: publicSiteDir,
        bucket: s3Bucket(config.pagesS3),
        purgeUrl: config.pagesPurgeUrl,
      })
    : undefined,
});
// Emails a message left unread for a few minutes to its recipient (one an hour per conversation at most).
// Without SMTP_URL every send would fail: say so once instead of a warning a round.
const notifier = config.smtpUrl
  ? startMessageNotifier({
      sql,
      mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
      siteUrl: config.siteUrl,
      clock: () => new Date(),
      notifyAfterMs: config.messageNotifyDelaySeconds * 1000,
      log: (line, fields, level = 'info') => log[level](line, fields),
    })
  : (log.warn('message notifications off: SMTP_URL is not set'), { stop: async () => {} });
// Merges the alerts' search index apart from the matcher, which then only appends to it.
const announcementIndex = startAnnouncementIndexMerger({
  sql,
  log: (line, fields, level = 'info') => log[level](line, fields),
});
// Emails saved-search alerts (instant: one per search per 15 minutes at most; daily: a digest).
const alertMailer = config.smtpUrl
  ? startAlertMailer({
      sql,
      mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
      siteUrl: config.siteUrl,
      secret: config.jwtSecret,
      clock: () => new Date(),
      log: (line, fields, level = 'info') => log[level](line, fields),
    })
  : { stop: async () => {} };

// Emails each visit's booking, move, cancellation and reminder, with its calendar invite.
const visitMailer = config.smtpUrl
  ? startVisitMailer({
      sql,
      mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
      siteUrl: config.siteUrl,
      clock: () => new Date(),
      log: (line, fields, level = 'info') => log[level](line, fields),
    })
  : { stop: async () => {} };

// Web Push for new messages, instant alerts and owner notices (docs/PUSH.md); needs no SMTP.
const pushNotifier = startPushNotifier({
  sql,
  vapidKeys: config.vapidKeys,
  subject: config.vapidSubject,
  clock: () => new Date(),
  log: (line, fields, level = 'info') => log[level](line, fields),
});

// Reminds owners of listings unconfirmed for 25 days and expires them at 30 (the one owner of that schedule).
const expiryScheduler =
  config.listingExpirySweepSeconds === 0
    ? (log.info('listing expiry sweep off: LISTING_EXPIRY_SWEEP_SECONDS is 0'),
      { stop: async () => {} })
    : startExpiryScheduler({
        sql,
        clock: () => new Date(),
        intervalMs: config.listingExpirySweepSeconds * 1000,
        log: (line, fields, level = 'info') => log[level](line, fields),
        ...(config.smtpUrl
          ? {
              onReminded: sendExpiryReminder({
                sql,
                mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
                siteUrl: config.siteUrl,
              }),
            }
          : {}),
      });

// Puts listings much below their comparables in the admins' queue (issue 41, docs/TRUST.md).
const rentCheck =
  config.rentCheckSeconds === 0
    ? (log.info('rent check off: RENT_CHECK_SECONDS is 0'), { stop: async () => {} })
    : startRentCheck({
        sql,
        clock: () => new Date(),
        intervalMs: config.rentCheckSeconds * 1000,
        log: (line, fields, level = 'info') => log[level](line, fields),
      });

const memory = startMemoryLog(log);

const shutdown = async () => {
  memory.stop();
  await expiryScheduler.stop();
  await rentCheck.stop();
  await Promise.all(running.map((r) => r.stop()));
  await regenerator.stop();
  await notifier.stop();
  await alertMailer.stop();
  await pushNotifier.stop();
  await visitMailer.stop();
  await announcementIndex.stop();
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// Keep the process alive while runners wait for events.
setInterval(() => {}, 1 << 30);
