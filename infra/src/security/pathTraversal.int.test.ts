// Security checklist: path traversal. Every file-serving family of the real web server —
// photos (/media), the basemap (/maps), the pre-rendered public pages and the built site —
// is asked, byte for byte (no client normalising the path), for files outside its root:
// `..` raw, percent-encoded, double-encoded, with backslashes, absolute paths, NUL bytes.
// A secret file planted next to every root must never come back; each answer is a 404
// (or 400) of the family's own kind.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  leaksInternals,
  MAP_VERSION,
  rawGet,
  testWebServerWithUsers,
} from './testing/webServer.ts';

const SECRET = 'TOP-SECRET-0f5c2a';

const s = testWebServerWithUsers({});
beforeAll(() => {
  const root = dirname(s.web.dataDir);
  // The same secret above every root the server reads from (site, public-site, media,
  // data/geo/<version>), never inside one.
  for (const dir of ['', 'data', 'data/geo']) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'secret.txt'), SECRET);
  }
  writeFileSync(join(root, 'secret.html'), SECRET);
  writeFileSync(join(root, 'secret.xml'), SECRET);
  // A real photo and page, so the families are known to serve what is theirs.
  mkdirSync(join(root, 'media', 'listings', 'l1'), { recursive: true });
  writeFileSync(join(root, 'media', 'listings', 'l1', 'abc-320.webp'), 'RIFF....WEBP');
});

/** `..`, `/` and `\` in each spelling a server might decode (once or twice). */
const UP = ['..', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', '..%00', '%c0%ae%c0%ae'];
const SLASH = ['/', '%2f', '%2F', '%252f', '\\', '%5c', '%255c'];
const climbs = (depth: number) =>
  UP.flatMap((up) => SLASH.map((slash) => `${`${up}${slash}`.repeat(depth)}secret.txt`));

const PREFIXES = [
  ['photos', '/media/', '/media/listings/l1/'],
  ['the basemap', `/maps/${MAP_VERSION}/`, `/maps/${MAP_VERSION}/fonts/`],
  ['public pages', '/browse/cities/', '/sitemaps/'],
  ['site shells', '/properties/', '/edit-property/'],
  ['site files', '/', '/_astro/'],
  ['API paths', '/api/', '/api/properties/'],
] as const;

const expectNoLeak = (path: string, res: { status: number; body: string }) => {
  expect(res.body, path).not.toContain(SECRET);
  expect([400, 404], `${path} → ${res.status}`).toContain(res.status);
  expect(leaksInternals(res.body), path).toBe(false);
};

describe('the families serve their own files (so a 404 below means refused, not broken)', () => {
  it('serves a photo, the basemap, a public page and the site', async () => {
    for (const path of [
      '/media/listings/l1/abc-320.webp',
      `/maps/${MAP_VERSION}/india.pmtiles`,
      '/browse/cities/pune',
      '/',
    ])
      expect((await rawGet(s.web.port, path)).status, path).toBe(200);
  });
});

describe.each(PREFIXES)('%s', (_, shallow, deep) => {
  it.each([1, 2, 4, 8])('climbing %i levels in every spelling', async (depth) => {
    for (const prefix of [shallow, deep])
      for (const climb of climbs(depth)) {
        const path = `${prefix}${climb}`;
        expectNoLeak(path, await rawGet(s.web.port, path));
      }
  });

  it('absolute paths, drive letters, NUL bytes and file URLs', async () => {
    for (const tail of [
      '/etc/passwd',
      '%2fetc%2fpasswd',
      '%2F%2Fetc%2Fpasswd',
      'C:%5cWindows%5cwin.ini',
      'c:/windows/win.ini',
      'file:%2f%2f%2fetc%2fpasswd',
      'secret.txt%00.webp',
      'secret.txt%00',
      '%00../secret.txt',
      '....//....//secret.txt',
      '..;/secret.txt',
      '.../secret.txt',
    ]) {
      const path = `${shallow}${tail}`;
      expectNoLeak(path, await rawGet(s.web.port, path));
    }
  });
});

describe('the request line itself', () => {
  it.each([
    '/../secret.txt',
    '/../../secret.html',
    '/media/../../secret.txt',
    '/maps/../secret.txt',
    '/browse/../../secret.html',
    '//secret.txt',
    '/./secret.txt',
    '/%2e/secret.txt',
  ])('%s never serves a file above the roots', async (path) => {
    expectNoLeak(path, await rawGet(s.web.port, path));
  });

  it('an absolute-form request target naming a file is not a file read', async () => {
    for (const target of ['file:///etc/passwd', `http://127.0.0.1:${s.web.port}/../secret.txt`]) {
      const res = await rawGet(s.web.port, target);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('root:');
    }
  });
});
