// Entry of the web process: the API under /api, media under /media and the
// site at /, on one origin. The only API file that reads the environment.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, requireResolved } from '@rentals/infra/config/env';
import { withListingStatus } from '@rentals/infra/publicSite/listingStatus';
import { publicSiteHandler } from '@rentals/infra/publicSite/serve';
import { clientIpFrom } from './access/clientIp.ts';
import { durationSeconds } from './access/tokens.ts';
import { buildApp } from './app.ts';
import { createEventStore } from './eventStore/eventStore.ts';
import { createMapFiles, MAPS_PREFIX } from './geo/mapFiles.ts';
import { mediaStoreFor } from './media/mediaStoreFor.ts';
import { serveMedia } from './media/serveMedia.ts';
import { MULTIPART_BODY_LIMIT } from './shared/bodyLimit.ts';
import { createSql } from './shared/db.ts';
import { consoleLogger as log } from './shared/logger.ts';
import { staticSite } from './web/staticSite.ts';

const config = requireResolved(loadConfig(process.env));
const sql = createSql(config.databaseUrl, { max: 20 });
const media = mediaStoreFor(config);
const app = buildApp({
  sql,
  eventStore: createEventStore(sql),
  meili: { url: config.meiliUrl, key: config.meiliMasterKey },
  jwtSecret: config.jwtSecret,
  clock: () => new Date(),
  newId: () => randomUUID(),
  log,
  media,
  // The socket's address (`server` exists by the time any request arrives); behind reverse
  // proxies, TRUST_PROXY_HOPS says how many X-Forwarded-For entries to trust.
  clientIp: clientIpFrom({
    socketAddress: (request) => server.requestIP(request)?.address ?? null,
    trustedProxyHops: config.trustProxyHops,
  }),
  tokenTtlSeconds: durationSeconds(config.jwtTtl),
});
// /browse/{id} without a generated page answers its shell with 404 or 410 when the listing is gone.
const site = withListingStatus(
  sql,
  staticSite(fileURLToPath(new URL('../../site/dist', import.meta.url))),
);
// The pre-rendered public pages (/browse/cities…, /browse/{id}, sitemaps, robots.txt) that the regenerator keeps current.
const publicPages = publicSiteHandler(resolve(config.dataDir, 'public-site'));

const mediaFiles = serveMedia(media);
const mapFiles = createMapFiles({
  dataDir: config.dataDir,
  basemapUrl: config.basemapUrl,
  routingUrl: config.osrmUrl,
});

const server = Bun.serve({
  port: config.port,
  hostname: config.host,
  maxRequestBodySize: MULTIPART_BODY_LIMIT,
  fetch: (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return app.handle(request);
    if (pathname.startsWith('/media/')) return mediaFiles(request);
    if (pathname.startsWith(MAPS_PREFIX)) return mapFiles(request);
    return publicPages(request).then((page) => page ?? site(request));
  },
});
log.info(`web listening on http://${config.host}:${server.port}`);

const shutdown = async () => {
  await server.stop();
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
