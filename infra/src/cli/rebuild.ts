// `npm run projections:rebuild -- <name>|--all`: rebuilds projections from position zero with a progress bar.
// Safe against a running stack: each model is filled beside the live one (fresh tables, a fresh search index),
// caught up with the log and swapped in with its checkpoint in one step; readers see the old model until then,
// and the running projections process carries on with the new one (docs/OPERATIONS.md, "Rebuild while running").
// The Postgres read models named are filled together, in one pass over the log, with one progress bar.
// An event a projection cannot apply parks its stream (as in normal running) instead of stopping the rebuild.
import { projections, projectionByName } from '@rentals/projections/registry';
import { rebuildProjections } from '@rentals/projections/runner/rebuild';
import { withCliContext } from './context.ts';
import { progressBar } from './progress.ts';

const args = process.argv.slice(2);
const names = args.includes('--all')
  ? projections.map((p) => p.name)
  : args.filter((a) => !a.startsWith('-'));
const available = projections.map((p) => p.name).join(', ') || '(none registered)';
if (names.length === 0) {
  console.error(`usage: npm run projections:rebuild -- <name>… | --all\nprojections: ${available}`);
  process.exit(2);
}
const unknown = names.filter((n) => !projectionByName(n));
if (unknown.length > 0) {
  console.error(`unknown projection ${unknown.join(', ')}; projections: ${available}`);
  process.exit(2);
}

await withCliContext(async ({ sql, config }) => {
  // Projections that open their own connections (the search index) read the resolved settings here.
  process.env.DATABASE_URL ??= config.databaseUrl;
  process.env.MEILI_URL ??= config.meiliUrls.join(',');
  process.env.MEILI_MASTER_KEY ??= config.meiliMasterKey;
  process.env.JWT_SECRET ??= config.jwtSecret;
  const started = Date.now();
  let bar: ReturnType<typeof progressBar> | undefined;
  let phase = '';
  // The Postgres read models are filled in one pass (from folded listing streams where they can, else over the
  // log); the search index by its own means.
  const results = await rebuildProjections(
    sql,
    names.map((n) => projectionByName(n)!),
    (p) => {
      // One bar per phase: a fresh search index counts listings first, then log events.
      const next = `${p.of} (${p.unit ?? 'events'})`;
      if (!bar || next !== phase) {
        bar?.done();
        bar = progressBar((phase = next), p.total);
      }
      bar.update(p.applied);
    },
    { batchSize: Math.max(config.projectionBatchSize, 5000), log: (l) => console.log(l) },
  );
  bar?.done();
  const seconds = (Date.now() - started) / 1000;
  for (const [name, { parked }] of results) {
    console.log(`${name}: rebuilt and swapped in`);
    if (parked > 0)
      console.log(
        `${name}: ${parked} stream(s) parked on events it cannot apply; see npm run projections:parked`,
      );
  }
  console.log(`rebuilt ${results.size} projection(s) in ${seconds.toFixed(1)} s`);
});
