// `npm run projections:parked`: lists the streams each projection has parked (an event it cannot apply).
// `-- --retry <stream>…` or `-- --retry-all` replays their held events in order after a fix or an upcaster;
// `--projection <name>` limits either to one projection. Safe while `npm run dev` runs.
import { DIRTY_CITIES } from '@rentals/projections/dirtyCities/dirtyCities';
import { parkedStreams, type ParkedStream } from '@rentals/projections/queries/readSideHealth';
import { retryParked } from '@rentals/projections/runner/retryParked';
import { projectionByName, projections } from '@rentals/projections/registry';
import { withCliContext } from './context.ts';

const USAGE =
  'usage: npm run projections:parked [-- --projection <name>] [--retry <stream>… | --retry-all]';

const args = process.argv.slice(2);
const valueOf = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const projectionName = valueOf('--projection');
const retryAll = args.includes('--retry-all');
const toRetry = args.flatMap((a, i) =>
  args[i - 1] === '--retry' && !a.startsWith('-') ? [a] : [],
);
if (
  (args.includes('--retry') && toRetry.length === 0) ||
  (args.includes('--projection') && !projectionName)
) {
  console.error(USAGE);
  process.exit(2);
}
if (projectionName && !projectionByName(projectionName)) {
  console.error(
    `unknown projection ${projectionName}; projections: ${projections.map((p) => p.name).join(', ')}`,
  );
  process.exit(2);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 300);

const print = (streams: ParkedStream[]) => {
  if (streams.length === 0) {
    console.log('no parked streams');
    return;
  }
  for (const name of [...new Set(streams.map((s) => s.projection))]) {
    const own = streams.filter((s) => s.projection === name);
    console.log(`${name}: ${own.length} parked`);
    for (const s of own)
      console.log(
        `  ${s.streamId}  at #${s.position} ${s.eventType}, ${s.held} held, parked ${s.parkedAt.toISOString()}` +
          `${s.attempts > 1 ? `, ${s.attempts - 1} retries` : ''}\n    ${oneLine(s.error)}`,
      );
  }
};

await withCliContext(async ({ sql, config }) => {
  // Projections that open their own connections (the search index) read the resolved settings here.
  process.env.DATABASE_URL ??= config.databaseUrl;
  process.env.MEILI_URL ??= config.meiliUrls.join(',');
  process.env.MEILI_MASTER_KEY ??= config.meiliMasterKey;
  process.env.JWT_SECRET ??= config.jwtSecret;
  const parked = await parkedStreams(sql, { projection: projectionName });
  if (!retryAll && toRetry.length === 0) {
    print(parked);
    return;
  }
  // The page marks last: the regenerator rebuilds a marked page from the public model, which must have the fix first.
  const order = (name: string) => (name === DIRTY_CITIES ? 1 : 0);
  const targets = parked
    .filter((s) => retryAll || toRetry.includes(s.streamId))
    .sort((a, b) => order(a.projection) - order(b.projection));
  const missing = toRetry.filter((id) => !targets.some((s) => s.streamId === id));
  for (const id of missing)
    console.log(`${id}: not parked${projectionName ? ` in ${projectionName}` : ''}`);
  let stillParked = 0;
  for (const target of targets) {
    const projection = projectionByName(target.projection);
    if (!projection) {
      console.log(
        `${target.projection} ${target.streamId}: the projection is no longer registered`,
      );
      stillParked += 1;
      continue;
    }
    const result = await retryParked(sql, projection, target.streamId);
    if (result.outcome === 'applied')
      console.log(
        `${target.projection} ${target.streamId}: applied ${result.applied} held events; released`,
      );
    else if (result.outcome === 'still-parked') {
      stillParked += 1;
      console.log(
        `${target.projection} ${target.streamId}: applied ${result.applied}, still parked at #${result.position} ` +
          `${result.eventType}: ${oneLine(result.error)}`,
      );
    } else console.log(`${target.projection} ${target.streamId}: released meanwhile`);
  }
  if (stillParked > 0) throw new Error(`${stillParked} stream(s) still parked`);
});
