// Entry of the web process: the API under /api, media under /media and the
// site at /, on one origin (see server.ts). The only API file that reads the environment.
import { s3Bucket } from '@rentals/core/s3Bucket';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, requireResolved } from '@rentals/core/config/env';
import { durationSeconds } from './access/tokens.ts';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { mediaStoreFor } from './media/mediaStoreFor.ts';
import { startOrphanSweep } from './media/orphanSweep.ts';
import { startPhotoProcessor } from './listings/photoProcessor.ts';
import { createWebServer } from './server.ts';
import { createSql } from '@rentals/core/db';
import { createConsoleLogger } from '@rentals/core/logger';
import { handleProcessFaults } from '@rentals/core/processFaults';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { startMemoryLog } from '@rentals/core/memoryLog';
import { documentCacheFor } from './properties/documentCache.ts';

const config = requireResolved(loadConfig(process.env));
const log = createConsoleLogger(config.logFormat);
// An error of the database client outside any promise (or a query nobody awaited failing on an
// outage) is logged and the process goes on: the client reconnects for the next query. Anything
// else exits, for the supervisor to start a clean process (core/src/processFaults.ts says why).
handleProcessFaults(log);
// No request waits on a stuck statement longer than a client waits for its answer (10 s).
// Searches' query texts hold every filter, given or not: planned with their values (searchWhere).
const sql = createSql(config.databaseUrl, {
  max: 20,
  statementTimeoutMs: 5000,
  planWithValues: true,
});
const media = mediaStoreFor(config);
const eventStore = createEventStore(sql);
const server = createWebServer({
  deps: {
    sql,
    eventStore,
    meili: {
      url: config.meiliUrl,
      replicas: config.meiliUrls.slice(1),
      key: config.meiliMasterKey,
    },
    jwtSecret: config.jwtSecret,
    clock: () => new Date(),
    newId: () => randomUUID(),
    log,
    tokenTtlSeconds: durationSeconds(config.jwtTtl),
    searchRate: { perSecond: config.searchesPerSecond },
    conversationLimits: {
      startsPerDay: config.conversationStartsPerDay,
      messagesPerMinute: config.messagesPerMinute,
    },
    mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    siteUrl: config.siteUrl,
    push: { vapidKeys: config.vapidKeys, endpointAllowlist: config.pushEndpointAllowlist },
  },
  media,
  port: config.port,
  hostname: config.host,
  trustProxyHops: config.trustProxyHops,
  siteDir: config.siteDir ?? fileURLToPath(new URL('../../site/dist', import.meta.url)),
  publicSite: config.pagesS3 ? s3Bucket(config.pagesS3) : resolve(config.dataDir, 'public-site'),
  dataDir: config.dataDir,
  basemapUrl: config.basemapUrl,
  routingUrl: config.osrmUrl,
});
log.info(`web listening on http://${config.host}:${server.port}`);
if (!config.smtpUrl)
  log.warn('SMTP_URL is not set: no email is sent (password reset links included)');
// Photos of uploads whose event never got appended (a crash mid-request) are removed after a grace period.
const sweep = startOrphanSweep({ sql, media, log });
// Uploads are answered once their photos are stored as uploaded; this makes their renditions.
const photos = startPhotoProcessor({ sql, eventStore, media, log, clock: () => new Date() });
// The census (SIGUSR2) sets the process's memory against what its document cache holds.
const documents = documentCacheFor({ sql, log });
const memory = startMemoryLog(log, { held: documents.held });

const shutdown = async () => {
  sweep.stop();
  memory.stop();
  await server.close();
  await photos.stop();
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
