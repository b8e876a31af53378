// `npm run restore -- --from DIR`: loads a backup made by `npm run backup` into an empty database
// (a fresh DATA_DIR after `npm run reset -- --yes`, or a new DATABASE_URL) and copies its media
// back. The projections then rebuild the read models, the search index and the public pages from
// the log (start `npm run dev`); `npm run verify` checks the result.
import { resolve } from 'node:path';
import { restore } from '../ops/backup.ts';
import { parseCommandArgs } from './args.ts';
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
  const manifest = await restore({
    sql,
    fromDir,
    mediaDir: config.mediaS3 ? null : resolve(ROOT, config.mediaDir),
  });
  for (const t of manifest.tables) console.log(`${t.name}: ${t.rows} rows restored`);
  console.log(`media: ${manifest.media === 'copied' ? 'restored' : manifest.media}`);
  console.log(
    `restored the backup of ${manifest.createdAt}. The projections rebuild the read models, the ` +
      'search index and the public pages from the log (npm run dev); then run npm run verify.',
  );
});
