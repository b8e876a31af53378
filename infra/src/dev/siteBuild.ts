import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
};

/**
 * Builds the static site when site/src, the UI it shares with the public pages
 * (core/src/ui), the catalogues (core/src/i18n), site/public or its config is
 * newer than the last build. `pseudo`: the pseudo-locale build into
 * site/dist-pseudo (docs/i18n), which the real build never replaces.
 */
export const buildSiteIfChanged = async (
  root: string,
  log: (line: string) => void,
  { pseudo = false }: { pseudo?: boolean } = {},
) => {
  const site = join(root, 'site');
  const marker = join(site, pseudo ? 'dist-pseudo' : 'dist', 'index.html');
  if (!existsSync(join(site, 'astro.config.mjs')) && !existsSync(join(site, 'astro.config.ts'))) {
    log('no Astro project yet; serving the placeholder page');
    return;
  }
  const sources = Math.max(
    newestMtime(join(site, 'src')),
    newestMtime(join(root, 'core', 'src', 'ui')),
    newestMtime(join(root, 'core', 'src', 'i18n')),
    ...[join(site, 'public')].filter(existsSync).map(newestMtime),
    ...['astro.config.mjs', 'astro.config.ts', 'package.json']
      .map((f) => join(site, f))
      .filter(existsSync)
      .map((f) => statSync(f).mtimeMs),
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= sources) {
    log('site is up to date');
    return;
  }
  log(pseudo ? 'building the pseudo-locale site…' : 'building the site…');
  const child = spawn(process.execPath, ['run', 'build'], {
    cwd: site,
    // A test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production', SITE_PSEUDO: pseudo ? '1' : '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter((l) => l.trim())
        .forEach(log),
    );
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  if (code !== 0)
    throw new Error(`the site build failed (exit code ${code}); see the site lines above`);
};
