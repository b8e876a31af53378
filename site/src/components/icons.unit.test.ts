import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { VisitorCard } from '@rentals/core/ui/VisitorCard.tsx';
import { ICON_PATHS, iconSvg } from '@rentals/core/ui/icons';
import { translatorFor } from '@rentals/core/i18n/catalogues';

/**
 * Emoji and pictographs (🏠 👁 ✉ ♥ …) render as empty boxes where the system
 * has no emoji font, and so do the symbol glyphs once used as icons (⌂ ☰ ▦ ✕ ♡).
 * © ® ™ are ordinary text; '✓' (not a pictograph) stays where SPEC prints it
 * as part of a text ('✓ Verified').
 */
const EMOJI_ICON = /(?![©®™])[\p{Extended_Pictographic}\u2302\u2630\u25A6\u2715\u2661]/gu;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * The site's sources, the UI it shares with the public pages (core's) and the
 * pages' templates (read as files: the site imports no projections).
 */
const SOURCES = ['site/src', 'core/src/ui', 'projections/src/publicSite'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [path]
      : [];
  });

describe('icons', () => {
  it('are SVG everywhere: no emoji or symbol glyph is used as an icon in the site or the public pages', () => {
    const found = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          (line.match(EMOJI_ICON) ?? []).map((c) => `${relative(ROOT, file)}:${i + 1} ${c}`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('the guard catches what it is meant to', () => {
    expect('🏠 👁 ✉ ♥ ♡ ⌂ ☰ ▦ ✕ 🗺 ❄️ 🅿️'.match(EMOJI_ICON)).toHaveLength(12);
    expect('© ✓ Verified ← → ‹ › … ₹ ×'.match(EMOJI_ICON)).toBeNull();
  });

  it('the visitor card draws its icons as inline SVG, the same markup the templates use', () => {
    const html = renderToStaticMarkup(
      createElement(VisitorCard, {
        t: translatorFor('en').t,
        listing: {
          id: 'a1',
          title: 'Flat',
          propertyType: 'flat',
          city: 'Pune',
          owner: { name: 'Asha', role: 'homeowner' },
          views: 3,
          images: [],
        },
      }),
    );
    expect(html.match(EMOJI_ICON)).toBeNull();
    expect(html).toContain(iconSvg('home'));
    expect(html).toContain(`${iconSvg('eye')} 3 views`);
  });

  it('are drawn with path data only (one path per icon, nothing that could carry script)', () => {
    for (const [name, d] of Object.entries(ICON_PATHS))
      expect(d, name).toMatch(/^[MmLlHhVvCcSsQqTtAaZz0-9 .,-]+$/);
  });
});
