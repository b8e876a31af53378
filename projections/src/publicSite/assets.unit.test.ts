import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildScript, buildStylesheet } from './assets.ts';

describe('the public pages stylesheet', () => {
  it("is the site's own stylesheet, imported, plus the public pages' additions, under a content hash", () => {
    const site = readFileSync(
      fileURLToPath(new URL('../../../core/src/ui/global.css', import.meta.url)),
      'utf8',
    );
    const { css, file } = buildStylesheet();
    expect(css.startsWith(site)).toBe(true);
    expect(css).toContain('.city-list');
    expect(file).toMatch(/^browse\/_assets\/site\.[0-9a-f]{12}\.css$/);
  });
});

describe('the public pages script', () => {
  it("is the site's header island, bundled without React, small, under a content hash", async () => {
    const { js, file, href } = await buildScript();
    expect(file).toMatch(/^browse\/_assets\/header\.[0-9a-f]{12}\.js$/);
    expect(href).toBe(`/${file}`);
    // The site's own session check and menu, not a copy.
    expect(js).toContain('/auth/me');
    expect(js).toContain('user-menu-list');
    expect(js).not.toMatch(/react/i);
    // "Tiny": the whole island, gzipped, in a few KB (the /browse page's budget is 50 KB); since
    // 2026-12-03 with the installed app's parts (~1.4 KB) and the data saver's switch and held
    // photos (~0.7 KB), one bundle where the site splits them off. The offline copies and the
    // outbox stay out (assets.ts, appPagesOnly).
    expect(gzipSync(js).length).toBeLessThan(11.5 * 1024);
    expect(js).not.toContain('openDB');
    // Built once per process.
    expect((await buildScript()).file).toBe(file);
  });

  it('carries the installed app (service worker, offline banner) with nothing left for Vite to fill in', async () => {
    const { js } = await buildScript();
    expect(js).toContain('serviceWorker');
    // The browser has no import.meta.env: the site's Vite values are defined at bundling.
    expect(js).not.toContain('import.meta');
  });
});
