import { Writable } from 'node:stream';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { fold } from '@rentals/core/listings/state';
import { asListingEvent } from '@rentals/projections/readModels/listingEvents';
import { startBenchStack } from '../support/stack.ts';

const stack = await startBenchStack();
const sql = stack.sql;
try {
  const t0 = performance.now();
  const ids: string[] = (await sql<{ stream_id: string }[]>`SELECT stream_id FROM streams WHERE stream_type = 'listing' ORDER BY stream_id`).map((r) => r.stream_id);
  console.log('streams', ids.length, ((performance.now() - t0) / 1000).toFixed(1));
  const store = createEventStore(sql);
  let readMs = 0, foldMs = 0, strMs = 0, events = 0, bytes = 0;
  const lines: string[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    let t = performance.now();
    const byStream = await store.readStreams(ids.slice(i, i + 5000));
    readMs += performance.now() - t;
    t = performance.now();
    const docs = [];
    for (const evs of byStream.values()) { events += evs.length; const d = toPropertyDocument(fold(evs.map(asListingEvent))); if (d) docs.push(d); }
    foldMs += performance.now() - t;
    t = performance.now();
    for (const d of docs) { const s = JSON.stringify(d); bytes += s.length; if (lines.length < 400000) lines.push(d._id + '\t' + s.replaceAll('\\', '\\\\') + '\n'); }
    strMs += performance.now() - t;
  }
  console.log({ events, readS: readMs / 1000, foldS: foldMs / 1000, stringifyS: strMs / 1000, MB: bytes / 1e6 });
  await sql`DROP TABLE IF EXISTS scratch_docs`;
  await sql`CREATE UNLOGGED TABLE scratch_docs (id text primary key, doc jsonb)`;
  let t = performance.now();
  const w = await sql`COPY scratch_docs (id, doc) FROM STDIN`.writable();
  await new Promise<void>((resolve, reject) => {
    w.on('error', reject); w.on('finish', resolve);
    let k = 0;
    const pump = () => { while (k < lines.length) { if (!w.write(lines[k++])) { w.once('drain', pump); return; } } w.end(); };
    pump();
  });
  console.log('copy jsonb rows', lines.length, ((performance.now() - t) / 1000).toFixed(1), 's');
  await sql`DROP TABLE scratch_docs`;
  await sql`CREATE UNLOGGED TABLE scratch_docs (id text primary key, doc text)`;
  t = performance.now();
  const w2 = await sql`COPY scratch_docs (id, doc) FROM STDIN`.writable();
  await new Promise<void>((resolve, reject) => {
    w2.on('error', reject); w2.on('finish', resolve);
    let k = 0;
    const pump = () => { while (k < lines.length) { if (!w2.write(lines[k++])) { w2.once('drain', pump); return; } } w2.end(); };
    pump();
  });
  console.log('copy text rows', ((performance.now() - t) / 1000).toFixed(1), 's');
  await sql`DROP TABLE scratch_docs`;
  void Writable;
} finally {
  await stack.stop();
}
