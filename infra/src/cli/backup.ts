// `npm run backup`: the event log, the accounts, the view counters and the visitor-position secret
// (COPY, one file per table, one snapshot) plus the local media folder, into backups/rentals-<time>
// (or --out DIR), with a manifest of every file's size and SHA-256. Restore with
// `npm run restore -- --from DIR`. Production uses Postgres's point-in-time recovery and the
// bucket's versioning instead (docs/OPERATIONS.md).
import { resolve } from 'node:path';
import { backup } from '../ops/backup.ts';
import { parseCommandArgs } from './args.ts';
import { formatBytes, printProgress } from './backupProgress.ts';
import { ROOT, withCliContext } from './context.ts';

const USAGE = `usage: npm run backup [-- --out <dir>]
  --out  where to write the backup (default: backups/rentals-<time> in the repository)`;
const flags = parseCommandArgs({ out: { type: 'string' } }, USAGE);

await withCliContext(async ({ sql, config }) => {
  const now = new Date();
  const outDir = resolve(
    flags.out ?? resolve(ROOT, 'backups', `rentals-${now.toISOString().replace(/[:.]/g, '-')}`),
  );
  const started = performance.now();
  const manifest = await backup({
    sql,
    outDir,
    mediaDir: config.mediaS3 ? null : resolve(ROOT, config.mediaDir),
    now: () => now,
    onProgress: printProgress('written'),
  });
  if (manifest.media !== 'copied') console.log(`media: ${manifest.media}`);
  const files = [...manifest.tables, ...manifest.mediaFiles];
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `backup written to ${outDir}: ${files.length.toLocaleString('en-IN')} files, ` +
      `${formatBytes(bytes)} in ${seconds}s, each with its SHA-256 in manifest.json`,
  );
});
