// `npm run media:sweep`: removes photos whose event was never appended (an upload cut off by a
// crash) and leftover temporary files, once older than the grace period (default 60 minutes).
// The web process runs the same sweep every 15 minutes; this runs it now.
import { mediaStoreFor } from '@rentals/api/media/mediaStoreFor';
import { ORPHAN_GRACE_MS, sweepOrphanPhotos } from '@rentals/api/media/orphanSweep';
import { parseCommandArgs } from './args.ts';
import { withCliContext } from './context.ts';

const USAGE = `usage: npm run media:sweep [-- --grace-minutes <n>] [--dry-run]
  --grace-minutes  only files older than this are considered (default ${ORPHAN_GRACE_MS / 60_000})
  --dry-run        list what would be removed without removing it`;

const flags = parseCommandArgs(
  { 'grace-minutes': { type: 'string' }, 'dry-run': { type: 'boolean' } },
  USAGE,
);
const graceMinutes = Number(flags['grace-minutes'] ?? ORPHAN_GRACE_MS / 60_000);
if (!Number.isFinite(graceMinutes) || graceMinutes < 0) {
  console.error(`error: --grace-minutes must be a number (got "${flags['grace-minutes']}")`);
  process.exit(2);
}

await withCliContext(async ({ sql, config }) => {
  const dryRun = flags['dry-run'] ?? false;
  const report = await sweepOrphanPhotos({
    sql,
    media: mediaStoreFor(config),
    now: () => new Date(),
    graceMs: graceMinutes * 60_000,
    dryRun,
  });
  for (const key of [...report.orphans, ...report.temporary])
    console.log(`${dryRun ? 'would remove' : 'removed'} ${key}`);
  console.log(
    `${report.checked} files checked: ${report.orphans.length} orphan photos and ${report.temporary.length} temporary files ${dryRun ? 'to remove' : 'removed'}`,
  );
});
