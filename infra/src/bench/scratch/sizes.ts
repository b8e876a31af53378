import { startBenchStack } from '../support/stack.ts';
const stack = await startBenchStack();
try {
  console.log(JSON.stringify(await stack.sql`SELECT avg(length(doc::text))::int AS doc, avg(length(description))::int AS descr, avg(length((doc->'images')::text))::int AS images, avg(pg_column_size(doc))::int AS stored, avg(jsonb_array_length(doc->'images'))::numeric(4,1) AS n FROM listing_read`));
  console.log(JSON.stringify((await stack.sql`SELECT doc FROM listing_read LIMIT 1`)[0]!.doc).slice(0, 3000));
  console.log(JSON.stringify(await stack.sql`SELECT pg_size_pretty(pg_total_relation_size('listing_read')) t, pg_size_pretty(pg_relation_size('listing_read')) h, pg_size_pretty(pg_total_relation_size('events')) e`));
  console.log(JSON.stringify(await stack.sql`SELECT name, setting FROM pg_settings WHERE name IN ('wal_level','shared_buffers','maintenance_work_mem','max_parallel_maintenance_workers','default_toast_compression','synchronous_commit','fsync','max_wal_size')`));
} finally { await stack.stop(); }
