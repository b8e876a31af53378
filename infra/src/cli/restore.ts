// `npm run restore -- --from DIR`: checks every file of a backup made by `npm run backup` against
// its manifest's SHA-256 (a damaged backup is refused before anything is loaded), loads it into an
// empty database (a fresh DATA_DIR after `npm run reset -- --yes`, or a new DATABASE_URL) and
// copies its media back. The projections then rebuild the read models, the search index and the public pages from
// the log (start `npm run dev`); `npm run verify` checks the result.
import { resolve } from 'node:path';
import { restore } from '../ops/backup.ts';
import { parseCommandArgs } from './args.ts';
import { printProgress } from './backupProgress.ts';
import { ROOT, withCliContext } from './context.ts';

const USAGE = `usage: npm run restore -- --from <dir>
  --from  a folder written by npm run backup`;
const flags = parseCommandArgs({ from: { type: 'string' } }, USAGE);
if (!flags.from) {
  console.error(`error: --from is required\n${USAGE}`);
  process.exit(2);
}
const fromDir = resolve(flags.from);

await withCliContext(async ({ sql, config }) => {
  const started = performance.now();
  const manifest = await restore({
    sql,
    fromDir,
    mediaDir: config.mediaS3 ? null : resolve(ROOT, config.mediaDir),
    onProgress: printProgress('loaded'),
    onChecked: (files) =>
      console.log(`checked ${files.toLocaleString('en-IN')} files against manifest.json`),
  });
  if (manifest.media !== 'copied') console.log(`media: ${manifest.media}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `restored the backup of ${manifest.createdAt} in ${seconds}s. The projections rebuild the ` +
      'read models, the search index and the public pages from the log (npm run dev); then run ' +
      'npm run verify.',
  );
});
