import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { BunPlugin } from 'bun';
import { fileURLToPath } from 'node:url';
import { ASSETS_DIR } from '../queries/publicPageFiles.ts';

// The site's stylesheet (core's shared UI), as text: the public pages share its look (classes,
// colours, cards). An import rather than a path, so the module graph (and the lint) see it.
import SITE_CSS from '@rentals/core/ui/global.css' with { type: 'text' };

/** What the public pages add: filters, breadcrumbs, the city list, the median table. */
const PUBLIC_CSS = `
.breadcrumbs { font-size: 0.9rem; margin-bottom: 0.75rem; color: var(--gray-600); }
.type-filter { display: flex; gap: 0.5rem; flex-wrap: wrap; margin: 1rem 0; }
.type-filter a { border: 1px solid var(--gray-300); border-radius: 999px; padding: 0.35rem 0.9rem; text-decoration: none; background: #fff; color: var(--gray-900); font-weight: 600; }
.type-filter a[aria-current='page'] { background: var(--blue); border-color: var(--blue); color: #fff; }
.type-filter a[aria-current='page'] .muted { color: #e5e7eb; }
.list-count { font-weight: 600; margin: 0 0 1rem; }
.pager a[aria-current='page'] { background: var(--blue); color: #fff; border-color: var(--blue); }
.pager-gap { align-self: center; }
.city-list { list-style: none; padding: 0; display: grid; gap: 0.5rem 1.5rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.city-list li { display: flex; justify-content: space-between; gap: 0.5rem; background: #fff; border-radius: var(--radius); box-shadow: var(--shadow); padding: 0.6rem 0.9rem; }
.city-list a { font-weight: 600; text-decoration: none; }
.description { white-space: pre-line; }
`;

/** A file under the assets directory, named by its content's hash (so it is served immutable). */
const hashed = (name: string, ext: string, text: string) => {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const file = `${ASSETS_DIR}/${name}.${hash}.${ext}`;
  return { file, href: `/${file}` };
};

/** The stylesheet and its content-hashed file name (served immutable). */
export const buildStylesheet = () => {
  const css = SITE_CSS + PUBLIC_CSS;
  return { ...hashed('site', 'css', css), css };
};

/**
 * The pages' one island, the site's signed-in header (site/src/scripts/publicPages.ts),
 * bundled and minified by Bun once per process: the site's own stores and frame, no React.
 * Named, not imported (the site's one export): it is built for the browser, never loaded
 * here, so projections declares @rentals/site only for this (knip.json ignores it).
 */
const SCRIPT_ENTRY = '@rentals/site/scripts/publicPages';
let script: Promise<{ file: string; href: string; js: string }> | undefined;

/**
 * Vite's `?inline` stylesheet import (the app's banner and install offer,
 * site/src/scripts/app.ts), as Bun must read it: the file's text as a string.
 */
const inlineCss: BunPlugin = {
  name: 'inline-css',
  setup(build) {
    build.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
      path: join(dirname(args.importer), args.path.replace(/\?inline$/, '')),
      namespace: 'inline-css',
    }));
    build.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
      contents: `export default ${JSON.stringify(await Bun.file(args.path).text())};`,
      loader: 'js',
    }));
  },
};

/**
 * The offline copies and the outbox (site/src/lib/offlineStore.ts and outbox.ts, with
 * IndexedDB's wrapper) are the app pages'; the public pages' script takes offlinePublic.ts in
 * their place, which only forgets (signing out there).
 */
const appPagesOnly: BunPlugin = {
  name: 'app-pages-only',
  setup(build) {
    build.onResolve({ filter: /\/lib\/(offlineStore|outbox)\.ts$/ }, (args) => ({
      path: join(
        dirname(args.importer),
        args.path.replace(/(offlineStore|outbox)\.ts$/, 'offlinePublic.ts'),
      ),
    }));
  },
};

export const buildScript = () =>
  (script ??= (async () => {
    const entry = Bun.resolveSync(SCRIPT_ENTRY, dirname(fileURLToPath(import.meta.url)));
    const result = await Bun.build({
      entrypoints: [entry],
      target: 'browser',
      format: 'esm',
      minify: true,
      // What Vite sets for the site's own build (site/astro.config.ts): a production build of every language.
      define: {
        'process.env.NODE_ENV': '"production"',
        'import.meta.env.PROD': 'true',
        'import.meta.env.SITE_ENGLISH_ONLY': 'false',
      },
      plugins: [inlineCss, appPagesOnly],
    });
    const [output] = result.outputs;
    if (!result.success || !output)
      throw new AggregateError(result.logs, `${SCRIPT_ENTRY} did not build`);
    const js = await output.text();
    return { ...hashed('header', 'js', js), js };
  })());
