// `npm run backup`: the event log, the accounts, the view counters and the visitor-position secret
// (COPY, one file per table, one snapshot) plus the local media folder, into backups/rentals-<time>
// (or --out DIR). Restore with `npm run restore -- --from DIR`. Production uses its database's
// point-in-time recovery and the bucket's versioning instead (docs/OPERATIONS.md).
import { resolve } from 'node:path';
import { backup } from '../ops/backup.ts';
import { parseCommandArgs } from './args.ts';
import { ROOT, withCliContext } from './context.ts';

const USAGE = `usage: npm run backup [-- --out <dir>]
  --out  where to write the backup (default: backups/rentals-<time> in the repository)`;
const flags = parseCommandArgs({ out: { type: 'string' } }, USAGE);

await withCliContext(async ({ sql, config }) => {
  const now = new Date();
  const outDir = resolve(
    flags.out ?? resolve(ROOT, 'backups', `rentals-${now.toISOString().replace(/[:.]/g, '-')}`),
  );
  const manifest = await backup({
    sql,
    outDir,
    mediaDir: config.mediaS3 ? null : resolve(ROOT, config.mediaDir),
    now: () => now,
  });
  for (const t of manifest.tables) console.log(`${t.name}: ${t.rows} rows`);
  console.log(`media: ${manifest.media}`);
  console.log(`backup written to ${outDir}`);
});
