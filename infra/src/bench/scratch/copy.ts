import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { fold } from '@rentals/core/listings/state';
import { asListingEvent } from '@rentals/projections/readModels/listingEvents';
import { startBenchStack } from '../support/stack.ts';

const stack = await startBenchStack();
const sql = stack.sql;
const copy = async (table: string, lines: string[]) => {
  const w = await sql.unsafe(`COPY ${table} (id, doc) FROM STDIN`).writable();
  await new Promise<void>((resolve, reject) => { w.once('error', reject); w.once('finish', resolve); w.end(lines.join('')); });
};
try {
  const ids = (await sql<{ stream_id: string }[]>`SELECT stream_id FROM streams WHERE stream_type = 'listing' ORDER BY stream_id`).map((r) => r.stream_id);
  const store = createEventStore(sql);
  const batches: string[][] = [];
  let t = performance.now();
  for (let i = 0; i < ids.length; i += 5000) {
    const byStream = await store.readStreams(ids.slice(i, i + 5000));
    const lines: string[] = [];
    for (const evs of byStream.values()) { const d = toPropertyDocument(fold(evs.map(asListingEvent))); if (d) lines.push(d._id + '\t' + JSON.stringify(d).replaceAll('\\', '\\\\') + '\n'); }
    batches.push(lines);
  }
  console.log('read+fold+stringify', ((performance.now() - t) / 1000).toFixed(1), 's');
  for (const variant of ['jsonb', 'jsonb external', 'json', 'jsonb main']) {
    await sql`DROP TABLE IF EXISTS scratch_docs`;
    await sql.unsafe(`CREATE UNLOGGED TABLE scratch_docs (id text primary key, doc ${variant.split(' ')[0]})`);
    if (variant.includes(' ')) await sql.unsafe(`ALTER TABLE scratch_docs ALTER COLUMN doc SET STORAGE ${variant.split(' ')[1]}`);
    t = performance.now();
    for (const b of batches) await copy('scratch_docs', b);
    const size = await sql`SELECT pg_size_pretty(pg_total_relation_size('scratch_docs')) s`;
    const t2 = performance.now();
    await sql`SELECT sum(length(doc::text)) FROM scratch_docs`;
    console.log(variant, 'copy', ((t2 - t) / 1000).toFixed(1), 's', size[0]!.s, 'read all', ((performance.now() - t2) / 1000).toFixed(1), 's');
  }
  await sql`DROP TABLE IF EXISTS scratch_docs`;
} finally {
  await stack.stop();
}
