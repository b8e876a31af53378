/**
 * Every environment variable the product reads, parsed and validated in one
 * place. A bad value stops start-up with the variable's name and the form it
 * expects. The README's configuration table mirrors this list.
 */
import { LOG_FORMATS } from '../logger.ts';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

const port = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 65535)
    throw new ConfigError(`${name} must be a port number between 1 and 65535 (got "${raw}")`);
  return value;
};

const positiveInt = (env: Env, name: string, fallback: number, max = 1_000_000): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max)
    throw new ConfigError(`${name} must be a whole number between 1 and ${max} (got "${raw}")`);
  return value;
};

const wholeNumber = (env: Env, name: string, fallback: number, max: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    throw new ConfigError(`${name} must be a whole number between 0 and ${max} (got "${raw}")`);
  return Number(raw);
};

const hopCount = (env: Env, name: string): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return 0;
  if (!/^[0-5]$/.test(raw))
    throw new ConfigError(`${name} must be a whole number from 0 to 5 (got "${raw}")`);
  return Number(raw);
};

const url = (env: Env, name: string, protocols: string[]): string | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL like ${protocols[0]}//host:port… (got "${raw}")`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')} (got "${raw}")`);
  return raw.replace(/\/$/, '');
};

/**
 * A comma-separated list of URLs (MEILI_URL with search replicas): each one
 * checked as `url` does, duplicates refused (two projections would share one
 * index).
 */
const urlList = (env: Env, name: string, protocols: string[]): string[] => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [];
  const urls = raw.split(',').map((part, i) => {
    const value = url({ [name]: part.trim() }, name, protocols);
    if (!value)
      throw new ConfigError(`${name} has an empty entry at position ${i + 1} (got "${raw}")`);
    return value;
  });
  if (new Set(urls).size !== urls.length)
    throw new ConfigError(`${name} lists the same URL twice (got "${raw}")`);
  if (urls.length > 8) throw new ConfigError(`${name} lists at most 8 URLs (got ${urls.length})`);
  return urls;
};

const secret = (env: Env, name: string, minLength: number): string | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < minLength)
    throw new ConfigError(`${name} must be at least ${minLength} characters long`);
  return raw;
};

const duration = (env: Env, name: string, fallback: string): string => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+[smhd]$/.test(raw))
    throw new ConfigError(`${name} must be a duration like 30m, 12h or 7d (got "${raw}")`);
  return raw;
};

const oneOf = <T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!values.includes(raw as T))
    throw new ConfigError(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
  return raw as T;
};

/**
 * `<NAME>_S3_*` (MEDIA_S3_*, PAGES_S3_*): all of bucket, endpoint and keys, or
 * none (the files then stay on the local disk).
 */
const s3Bucket = (env: Env, name: 'MEDIA' | 'PAGES') => {
  const bucket = env[`${name}_S3_BUCKET`];
  if (bucket === undefined || bucket === '') return undefined;
  const endpoint = url(env, `${name}_S3_ENDPOINT`, ['http:', 'https:']);
  const accessKeyId = env[`${name}_S3_ACCESS_KEY_ID`];
  const secretAccessKey = env[`${name}_S3_SECRET_ACCESS_KEY`];
  if (!endpoint || !accessKeyId || !secretAccessKey)
    throw new ConfigError(
      `${name}_S3_BUCKET needs ${name}_S3_ENDPOINT, ${name}_S3_ACCESS_KEY_ID and ${name}_S3_SECRET_ACCESS_KEY too`,
    );
  const region = env[`${name}_S3_REGION`] || undefined;
  const prefix = env[`${name}_S3_PREFIX`] || undefined;
  return { endpoint, bucket, accessKeyId, secretAccessKey, region, prefix };
};

/** A VAPID key: base64url (no padding) of `bytes` bytes (65: an uncompressed P-256 point; 32: its private scalar). */
const vapidKey = (env: Env, name: string, bytes: number): string | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(raw) || Buffer.from(raw, 'base64url').length !== bytes)
    throw new ConfigError(
      `${name} must be ${bytes} bytes in base64url (npx web-push generate-vapid-keys)`,
    );
  return raw;
};

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: both or neither (then a pair is
 * generated on first use and kept in the database, docs/PUSH.md).
 */
const vapidKeys = (env: Env) => {
  const publicKey = vapidKey(env, 'VAPID_PUBLIC_KEY', 65);
  const privateKey = vapidKey(env, 'VAPID_PRIVATE_KEY', 32);
  if (!publicKey !== !privateKey)
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    );
  return publicKey && privateKey ? { publicKey, privateKey } : undefined;
};

/** VAPID_SUBJECT: who push services contact about our pushes (mailto: or https:). */
const vapidSubject = (env: Env): string => {
  const raw = env.VAPID_SUBJECT;
  if (raw === undefined || raw === '') return 'mailto:no-reply@rentals.localhost';
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(raw))
    throw new ConfigError(
      `VAPID_SUBJECT must be a mailto: address or an https: URL (got "${raw}")`,
    );
  return raw;
};

/** MAIL_FROM: an address, or a name and an address ('Rentals <no-reply@example.in>'). */
const mailFrom = (env: Env): string => {
  const raw = env.MAIL_FROM;
  if (raw === undefined || raw === '') return 'Rentals <no-reply@rentals.localhost>';
  // One line only: a line break here would let the value add headers of its own.
  if (!/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw.trim()))
    throw new ConfigError(`MAIL_FROM must be an email address or 'Name <address>' (got "${raw}")`);
  return raw.trim();
};

export type Config = ReturnType<typeof loadConfig>;

export const loadConfig = (env: Env) => ({
  port: port(env, 'PORT', 3000),
  host: env.HOST && env.HOST !== '' ? env.HOST : 'localhost',
  dataDir: env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : '.data',
  /** The built site the web process serves; unset: site/dist (the pseudo crawl serves site/dist-pseudo). */
  siteDir: env.SITE_DIR && env.SITE_DIR !== '' ? env.SITE_DIR : undefined,
  /** Listing photos (the local media store); served under /media. */
  mediaDir:
    env.MEDIA_DIR && env.MEDIA_DIR !== ''
      ? env.MEDIA_DIR
      : `${env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : '.data'}/media`,
  /** Listing photos in an S3-compatible bucket instead of MEDIA_DIR, when configured. */
  mediaS3: s3Bucket(env, 'MEDIA'),
  /** The public pages published to an S3-compatible bucket too (and served from it), when configured. */
  pagesS3: s3Bucket(env, 'PAGES'),
  /** Told the paths of the pages each regeneration changed (POST, JSON), e.g. a CDN's purge endpoint. */
  pagesPurgeUrl: url(env, 'PAGES_PURGE_URL', ['https:', 'http:']),
  /** The public origin of canonical URLs, sitemaps and Open Graph tags on the static pages. */
  siteUrl:
    url(env, 'SITE_URL', ['http:', 'https:']) ?? `http://localhost:${port(env, 'PORT', 3000)}`,
  databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
  pgPort: port(env, 'PG_PORT', 54329),
  /** Every Meilisearch (MEILI_URL, comma-separated): each has its own search projection; the API spreads searches over them. */
  meiliUrls: urlList(env, 'MEILI_URL', ['http:', 'https:']),
  /** The first of `meiliUrls`, for what needs one Meilisearch (the places index, the CLI's checks). */
  meiliUrl: urlList(env, 'MEILI_URL', ['http:', 'https:'])[0],
  meiliMasterKey: secret(env, 'MEILI_MASTER_KEY', 16),
  meiliPort: port(env, 'MEILI_PORT', 7701),
  jwtSecret: secret(env, 'JWT_SECRET', 32),
  jwtTtl: duration(env, 'JWT_TTL', '7d'),
  projectionBatchSize: positiveInt(env, 'PROJECTION_BATCH_SIZE', 500, 10_000),
  projectionPollMs: positiveInt(env, 'PROJECTION_POLL_MS', 1000, 60_000),
  /** How long an unread message waits before the recipient gets an email about it. */
  messageNotifyDelaySeconds: positiveInt(env, 'MESSAGE_NOTIFY_DELAY_SECONDS', 300, 86_400),
  /**
   * How often the projections process sweeps for listings due for an expiry reminder (day 25) or
   * expiry (day 30). 0: no sweep in this process (the test harness's product, whose fixtures are
   * dated in the past; tests sweep at a chosen time instead).
   */
  listingExpirySweepSeconds: wholeNumber(env, 'LISTING_EXPIRY_SWEEP_SECONDS', 60, 86_400),
  /**
   * How often the projections process checks new and changed rents against similar homes for the
   * admins' 'much below' queue (issue 41). 0: no check in this process.
   */
  rentCheckSeconds: wholeNumber(env, 'RENT_CHECK_SECONDS', 60, 86_400),
  /** New conversations one user may start in a day (contact is where marketplaces get abused). */
  conversationStartsPerDay: positiveInt(env, 'CONVERSATION_STARTS_PER_DAY', 20, 10_000),
  /**
   * Searches (list and map) one client may make a second on average, six seconds' worth at once; a signed-in
   * user counts by account, a visitor by address. 0: no limit (a load test from one address).
   */
  searchesPerSecond: wholeNumber(env, 'SEARCHES_PER_SECOND', 10, 10_000),
  /** Messages one user may send in a minute, first messages included. */
  messagesPerMinute: positiveInt(env, 'MESSAGES_PER_MINUTE', 20, 10_000),
  /** A Protomaps-schema OSM PMTiles extract to use instead of the built India basemap (docs/GEO.md). */
  basemapUrl: url(env, 'BASEMAP_URL', ['https:', 'http:']),
  /** An OSRM-compatible routing service for 'Get Directions'; without it the map draws a straight line. */
  osrmUrl: url(env, 'OSRM_URL', ['https:', 'http:']),
  /** Log lines: plain text (development) or one JSON object a line (production; docs/OPERATIONS.md "Logs"). */
  logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'plain'),
  /** Reverse proxies in front of the web server whose X-Forwarded-For entries are trusted (login limits). */
  trustProxyHops: hopCount(env, 'TRUST_PROXY_HOPS'),
  /** Outgoing mail (password reset links, message notifications); without it no email is sent and /api/health says so. */
  smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
  mailFrom: mailFrom(env),
  /** Web Push's VAPID key pair (docs/PUSH.md); without it one is generated and kept in the database. */
  vapidKeys: vapidKeys(env),
  vapidSubject: vapidSubject(env),
  /**
   * Push endpoints accepted although they are http or on a private or loopback address
   * (PUSH_ENDPOINT_ALLOWLIST, comma-separated origins): a local push service in development.
   * Empty in production: every other endpoint must be https on a public host.
   */
  pushEndpointAllowlist: urlList(env, 'PUSH_ENDPOINT_ALLOWLIST', ['http:', 'https:']).map(
    (u) => new URL(u).origin,
  ),
  /** The local mail catcher's ports (`npm run dev` only, when SMTP_URL is not set). */
  mailSmtpPort: port(env, 'MAIL_SMTP_PORT', 1025),
  mailWebPort: port(env, 'MAIL_WEB_PORT', 1080),
});

/** The settings a child process (API, projections) needs once the dev runner has resolved them. */
export type ResolvedConfig = Config & {
  databaseUrl: string;
  meiliUrl: string;
  /** Never empty: `meiliUrl` is its first. */
  meiliUrls: string[];
  meiliMasterKey: string;
  jwtSecret: string;
};

export const requireResolved = (config: Config): ResolvedConfig => {
  const missing = (['databaseUrl', 'meiliUrl', 'meiliMasterKey', 'jwtSecret'] as const).filter(
    (k) => !config[k],
  );
  const names = {
    databaseUrl: 'DATABASE_URL',
    meiliUrl: 'MEILI_URL',
    meiliMasterKey: 'MEILI_MASTER_KEY',
    jwtSecret: 'JWT_SECRET',
  };
  if (missing.length > 0)
    throw new ConfigError(
      `${missing.map((k) => names[k]).join(', ')} must be set (npm run dev sets them for you; in production set them in the environment)`,
    );
  return config as ResolvedConfig;
};
