import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AppDeps } from '@rentals/api/deps';
import { localDiskStore } from '@rentals/api/media/localDiskStore';
import type { MediaStore } from '@rentals/api/media/mediaStore';
import { createWebServer, type WebServer } from '@rentals/api/server';
import type { Logger } from '@rentals/core/logger';
import {
  registerUsers,
  testApp,
  type TestApp,
  type TestUser,
  type UserSpec,
} from '@rentals/testing/testApp';

/** A basemap build version as the manifest names it (12 hex digits). */
export const MAP_VERSION = '0123456789ab';

export type LoggedLine = { level: string; message: string; fields?: Record<string, unknown> };

export type TestWebServer = {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  server: WebServer;
  t: TestApp;
  deps: AppDeps;
  /** Where the server stores photos (the photo processor's store, for a test that processes them). */
  media: MediaStore;
  dataDir: string;
  /** Everything the server logged. */
  logged: LoggedLine[];
  stop: () => Promise<void>;
};

const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};

/**
 * The web server exactly as the web entry (api/src/main.ts) starts it, on a
 * free port, with this test file's own database and search index, a small
 * built site, a public page and a basemap manifest, so every path family
 * (API, media, maps, public pages, site files) is real.
 */
export const startTestWebServer = async (
  options: { trustProxyHops?: number; deps?: Partial<AppDeps> } = {},
): Promise<TestWebServer> => {
  const index = `listings_w_${randomBytes(4).toString('hex')}`;
  const t = await testApp({
    deps: { meili: { url: inject('meiliUrl'), key: inject('meiliKey'), index }, ...options.deps },
  });
  const logged: LoggedLine[] = [];
  const log: Logger = {
    info: (message, fields) => logged.push({ level: 'info', message, fields }),
    warn: (message, fields) => logged.push({ level: 'warn', message, fields }),
    error: (message, fields) => logged.push({ level: 'error', message, fields }),
  };
  const root = mkdtempSync(join(tmpdir(), 'rentals-web-'));
  const siteDir = join(root, 'site');
  write(join(siteDir, 'index.html'), '<!doctype html><title>home</title>');
  write(join(siteDir, '404.html'), '<!doctype html><title>missing</title><h1>Page not found</h1>');
  write(join(siteDir, 'properties/view/index.html'), '<!doctype html><title>detail shell</title>');
  const publicSiteDir = join(root, 'public-site');
  write(join(publicSiteDir, 'browse/cities/pune.html'), '<!doctype html><title>Pune</title>');
  const dataDir = join(root, 'data');
  write(join(dataDir, 'geo', MAP_VERSION, 'india.pmtiles'), 'PMTiles');
  write(
    join(dataDir, 'geo', 'current.json'),
    JSON.stringify({
      version: MAP_VERSION,
      basemap: 'india.pmtiles',
      glyphs: 'fonts',
      places: 'places.json',
      placeCount: 0,
      tileCount: 0,
      attribution: 'test',
    }),
  );
  const deps = { ...t.deps, log };
  const media = localDiskStore(join(root, 'media'));
  const server = createWebServer({
    deps,
    media,
    port: 0,
    hostname: '127.0.0.1',
    trustProxyHops: options.trustProxyHops ?? 0,
    siteDir,
    publicSite: publicSiteDir,
    dataDir,
  });
  return {
    base: `http://127.0.0.1:${server.port}`,
    port: server.port!,
    server,
    t,
    deps,
    media,
    dataDir,
    logged,
    stop: async () => {
      await server.stop(true);
      await t.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
};

/**
 * A test file's web server and its named users, started before its tests and
 * stopped after them: `const s = testWebServerWithUsers({ owner: 'homeowner' })`,
 * then `s.web.base` and `s.owner.token` in the file's hooks and tests.
 */
export const testWebServerWithUsers = <U extends Record<string, UserSpec>>(
  users: U,
  options: Parameters<typeof startTestWebServer>[0] = {},
) => {
  const suite = {} as { web: TestWebServer } & { [K in keyof U]: TestUser };
  beforeAll(async () => {
    const web = await startTestWebServer(options);
    Object.assign(suite, { web }, await registerUsers(web.t, users));
  });
  afterAll(() => suite.web?.stop());
  return suite;
};

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

const dechunk = (raw: Buffer): Buffer => {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
};

/**
 * Sends bytes exactly as written (no client normalises the address) and reads
 * the answer until the server closes the connection.
 */
export const rawRequest = (port: number, head: string): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = all
        .subarray(0, split)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const raw = all.subarray(split + 4);
      const body = headers['transfer-encoding'] === 'chunked' ? dechunk(raw) : raw;
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') });
    });
  });

/** GET a path byte for byte. */
export const rawGet = (port: number, path: string, headers: Record<string, string> = {}) =>
  rawRequest(
    port,
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}Connection: close\r\n\r\n`,
  );

/** What Bun's development error page and stack traces look like; none may ever reach a client. */
export const leaksInternals = (body: string) =>
  body.includes(process.cwd()) ||
  /\bat .+:\d+:\d+/.test(body) ||
  /node_modules|URIError|bun:|__bunfallback|\.ts:\d+/i.test(body);
