import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** npm packages left out of the bundle: only our own modules are of interest. */
const EXTERNAL = [
  'sharp',
  'meilisearch',
  'postgres',
  'elysia',
  'nodemailer',
  'react',
  'react-dom',
  '@react-email/*',
];

/**
 * The repository's own files a process loads from `entry` (repo-relative paths), as Bun's
 * bundler resolves them: the run-time shape of a boundary that lint checks one import at a time.
 */
export const moduleGraph = (repo: string, entry: string): string[] => {
  const out = mkdtempSync(join(tmpdir(), 'module-graph-'));
  try {
    const meta = join(out, 'meta.json');
    const built = spawnSync(
      process.execPath,
      [
        'build',
        entry,
        '--target=bun',
        `--outdir=${out}`,
        `--metafile=${meta}`,
        ...EXTERNAL.flatMap((e) => ['-e', e]),
      ],
      { cwd: repo, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`bun build ${entry} failed: ${built.stderr}`);
    const { inputs } = JSON.parse(readFileSync(meta, 'utf8')) as {
      inputs: Record<string, unknown>;
    };
    return Object.keys(inputs).sort();
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};

/** How many files of each top-level folder (and, for projections, of each of its folders) a graph holds. */
export const folders = (files: string[]) => {
  const counts = new Map<string, number>();
  for (const f of files) {
    const parts = f.split('/');
    const key = parts[0] === 'projections' ? `projections/src/${parts[2]}` : parts[0]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};

// `bun infra/src/architecture/moduleGraph.ts api/src/main.ts`: the folders a process loads.
if (import.meta.main) {
  const entry = process.argv[2] ?? 'api/src/main.ts';
  const files = moduleGraph(process.cwd(), entry);
  console.log(`${entry} loads ${files.length} of our files:`);
  for (const [folder, n] of [...folders(files)].sort()) console.log(`  ${folder}: ${n}`);
}
