import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { writeServiceWorker } from './scripts/serviceWorker.ts';

// SITE_PSEUDO=1: the pseudo-locale build (docs/i18n, "The pseudo-locale"): the English pages only,
// every catalogue's English passed through pseudoCatalogue, into dist-pseudo/, never dist/. The only
// place that reads it; the real build has neither the plugin nor the pseudo texts.
const pseudo = process.env.SITE_PSEUDO === '1';
const catalogues = fileURLToPath(new URL('../core/src/i18n/catalogues.ts', import.meta.url));

/** Appends to catalogues.ts the call that turns its English into the pseudo-locale. */
const pseudoEnglish = {
  name: 'pseudo-english',
  transform: (code: string, id: string) =>
    id.split('?')[0] === catalogues
      ? `${code}\nimport { pseudoEnglish } from './pseudo.ts';\npseudoEnglish(NAMESPACES, CATALOGUES);\n`
      : undefined,
};

/**
 * A lazily loaded module's list of chunks to fetch beside it (written into the module that loads
 * it) leaves out what every app page has already loaded: React, the shared and islands chunks and
 * the runtime. Their names cost 0.1-0.9 KB gzip a page for nothing (npm run check:size). Only the
 * preloading changes: the import itself still loads whatever is missing. Set through a plugin as
 * Astro writes the client's build options itself.
 */
const preloadOnlyWhatIsMissing = {
  name: 'preload-only-what-is-missing',
  configEnvironment: (name: string) =>
    name === 'client'
      ? {
          build: {
            modulePreload: {
              polyfill: false,
              resolveDependencies: (file: string, deps: string[]) => {
                const needed = deps.filter(
                  (dep) => !/\/(react|shared|islands|rolldown-runtime)\.[\w-]+\.js$/.test(dep),
                );
                return needed.length === 1 && needed[0] === file ? [] : needed;
              },
            },
          },
        }
      : undefined,
};

/** The service worker (scripts/serviceWorker.ts), written into the built site; not for pseudo. */
const serviceWorker: AstroIntegration = {
  name: 'service-worker',
  hooks: { 'astro:build:done': ({ dir }) => writeServiceWorker(fileURLToPath(dir)) },
};

// Static output: every page is rendered at build; the web process (api/src/web)
// serves dist/ and maps id routes onto their shell pages.
export default defineConfig({
  output: 'static',
  outDir: pseudo ? './dist-pseudo' : './dist',
  trailingSlash: 'ignore',
  integrations: pseudo ? [react()] : [react(), serviceWorker],
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  // Fewer, larger chunks for what nearly every page loads: React in one chunk (its JSX runtime apart,
  // which the React-free /browse script uses), and the small lib/store modules that twelve or more
  // pages share in another. Each chunk costs a request and its own gzip window; this took 1.3 to
  // 3 KB gzip off every app page (npm run check:size).
  vite: {
    plugins: pseudo ? [pseudoEnglish, preloadOnlyWhatIsMissing] : [preloadOnlyWhatIsMissing],
    define: { 'import.meta.env.SITE_ENGLISH_ONLY': JSON.stringify(pseudo) },
    build: {
      rolldownOptions: {
        // Imported constants written where they are used: a module of constants shared by a page's
        // stores and a lazy script (lib/appMoments.ts) is then no chunk of its own (-0.1 to -0.2 KB).
        optimization: { inlineConst: { mode: 'all', pass: 1 } },
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react-dom|scheduler)[\\/]|node_modules[\\/]react[\\/](?!.*jsx)/,
                priority: 20,
              },
              {
                name: 'islands',
                test: /node_modules[\\/](@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|site[\\/]src[\\/]components[\\/]react[\\/](ErrorBoundary|useAuth|Alert|Spinner)\.tsx?$/,
                priority: 15,
              },
              {
                // Numbers as the pages write them, in one chunk: apart, each is a request and
                // its own import code (the listing page's first load is at the 90 KB bar).
                name: 'format',
                test: /site[\\/]src[\\/]lib[\\/]format\.ts$|core[\\/]src[\\/]i18n[\\/]grouping\.ts$|core[\\/]src[\\/]ui[\\/]plural\.ts$/,
                priority: 19,
              },
              {
                name: 'shared',
                // Not the formatter (lib/i18nFormat.ts): pages with only plain texts must not load it.
                test: /site[\\/]src[\\/](lib|stores)[\\/](?!i18nFormat\.ts$)[^\\/]+\.ts$|core[\\/]src[\\/]ui[\\/]labels\.ts$|node_modules[\\/]react[\\/].*jsx|rolldown[\\/]runtime/,
                minShareCount: 12,
                priority: 18,
              },
            ],
          },
        },
      },
    },
  },
});
