import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildStylesheet } from './assets.ts';

describe('the public pages stylesheet', () => {
  it("is the site's own stylesheet, imported, plus the public pages' additions, under a content hash", () => {
    const site = readFileSync(
      fileURLToPath(new URL('../../../site/src/styles/global.css', import.meta.url)),
      'utf8',
    );
    const { css, file } = buildStylesheet();
    expect(css.startsWith(site)).toBe(true);
    expect(css).toContain('.static-nav');
    expect(file).toMatch(/^browse\/_assets\/site\.[0-9a-f]{12}\.css$/);
  });
});
