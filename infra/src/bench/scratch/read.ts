import { startBenchStack } from '../support/stack.ts';
const stack = await startBenchStack();
const sql = stack.sql;
try {
  const ids = (await sql<{ stream_id: string }[]>`SELECT stream_id FROM streams WHERE stream_type = 'listing' ORDER BY stream_id LIMIT 20000`).map((r) => r.stream_id);
  const batch = ids.slice(10000, 15000);
  let t = performance.now();
  const plan = await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS) SELECT position, transaction_id::text, stream_id, stream_version, type, data, metadata, recorded_at FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`, [batch as never]);
  console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  t = performance.now();
  const rows = await sql`SELECT position, transaction_id::text, stream_id, stream_version, type, data, metadata, recorded_at FROM events WHERE stream_id = ANY(${ids.slice(5000, 10000)}::text[]) ORDER BY stream_id, stream_version`;
  console.log('query+parse', rows.length, (performance.now() - t).toFixed(0), 'ms');
  t = performance.now();
  const raw = await sql`SELECT position, transaction_id::text, stream_id, stream_version, type, data::text AS data, metadata::text AS metadata, recorded_at FROM events WHERE stream_id = ANY(${ids.slice(0, 5000)}::text[]) ORDER BY stream_id, stream_version`;
  console.log('query text', raw.length, (performance.now() - t).toFixed(0), 'ms');
  t = performance.now();
  for (const r of raw) { JSON.parse(r.data as string); JSON.parse(r.metadata as string); }
  console.log('JSON.parse', (performance.now() - t).toFixed(0), 'ms');
  t = performance.now();
  const range = await sql`SELECT position, transaction_id::text, stream_id, stream_version, type, data, metadata, recorded_at FROM events WHERE stream_id >= ${ids[15000]!} AND stream_id < ${ids[19999]!} AND stream_id LIKE 'listing-%' ORDER BY stream_id, stream_version`;
  console.log('range query+parse', range.length, (performance.now() - t).toFixed(0), 'ms');
} finally {
  await stack.stop();
}
