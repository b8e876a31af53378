import type { Sql, TransactionSql } from 'postgres';
import { ident } from '@rentals/core/db';
import { sql as statement, type Statement } from './statement.ts';

/**
 * Fresh copies of a read model's tables in a schema of their own, for a
 * rebuild while running: the projection's statements name its tables
 * unqualified, so running them with the shadow schema first on the
 * search_path fills the copies without rewriting any SQL.
 */
export type ShadowTables = {
  /** The schema holding the copies while they are filled. */
  schema: string;
  /** The schema the live tables are in. */
  liveSchema: string;
  tables: readonly string[];
  /**
   * The live tables' other indexes, as statements that create them on the
   * copies: left out while the copies are filled (a bulk load is several
   * times faster without them) and built once, after (`createDeferredIndexes`).
   */
  deferred: string[];
};

/** Shadow schemas of one projection share this prefix, so a crashed rebuild's leftovers can be found. */
const schemaPrefix = (projection: string) =>
  `rebuild_${projection.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_`.slice(0, 40);

/** Drops the shadow (and retired) schemas an interrupted rebuild of this projection left behind. */
export const dropLeftovers = async (sql: Sql, projection: string) => {
  const rows = await sql<{ nspname: string }[]>`
    SELECT nspname FROM pg_namespace WHERE starts_with(nspname, ${schemaPrefix(projection)})`;
  for (const { nspname } of rows) await sql.unsafe(`DROP SCHEMA ${ident(nspname)} CASCADE`);
};

const liveIndexes = async (db: Sql | TransactionSql, schema: string, table: string) =>
  db<{ name: string; def: string; is_unique: boolean; constraint_def: string | null }[]>`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def, x.indisunique AS is_unique,
           (SELECT pg_get_constraintdef(k.oid) FROM pg_constraint k WHERE k.conindid = i.oid
              AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u', 'x')) AS constraint_def
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    WHERE x.indrelid = ${`${ident(schema)}.${ident(table)}`}::regclass ORDER BY i.relname`;

/** A live index's definition, creating the same index (same name: the copy's schema is another) on the copy. */
const onCopy = (def: string, name: string, schema: string, table: string) =>
  def.replace(
    /^(CREATE (?:UNIQUE )?INDEX )\S+( ON (?:ONLY )?)\S+/,
    `$1${ident(name)}$2${ident(schema)}.${ident(table)}`,
  );

/**
 * Creates empty copies of the live tables (columns, defaults, constraints,
 * comments) in a new schema, with their primary keys and unique indexes (the
 * projections' upserts need them) but without their other indexes, which
 * are returned in `deferred` to be built after the copies are filled. The
 * tables in `bulkFilled` (filled by COPY and set-based inserts that upsert
 * nothing) get their keys and unique indexes after the fill too.
 */
export const createShadowTables = async (
  sql: Sql,
  projection: string,
  tables: readonly string[],
  bulkFilled: readonly string[] = [],
): Promise<ShadowTables> => {
  const schema = `${schemaPrefix(projection)}${Date.now().toString(36)}`;
  const [live] = await sql<{ nspname: string }[]>`
    SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.oid = ${tables[0]!}::regclass`;
  const liveSchema = live!.nspname;
  const deferred: string[] = [];
  await sql.begin(async (tx) => {
    await tx.unsafe(`CREATE SCHEMA ${ident(schema)}`);
    for (const t of tables) {
      await tx.unsafe(
        // Logged from the start: an unlogged copy made logged after its fill was rewritten whole, a pass
        // (4.1 s for the 200k listing model) longer than its WAL costs during the fill (0.5 s).
        `CREATE TABLE ${ident(schema)}.${ident(t)} (LIKE ${ident(liveSchema)}.${ident(t)} INCLUDING ALL EXCLUDING INDEXES)`,
      );
      // LIKE copies no storage parameters; the live table's autovacuum settings (migration 0125) must
      // survive the swap.
      const [options] = await tx<{ reloptions: string[] | null }[]>`
        SELECT c.reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${liveSchema} AND c.relname = ${t}`;
      if (options?.reloptions?.length)
        await tx.unsafe(
          `ALTER TABLE ${ident(schema)}.${ident(t)} SET (${options.reloptions.join(', ')})`,
        );
      const later = bulkFilled.includes(t);
      for (const i of await liveIndexes(tx, liveSchema, t)) {
        const statement = i.constraint_def
          ? `ALTER TABLE ${ident(schema)}.${ident(t)} ADD CONSTRAINT ${ident(i.name)} ${i.constraint_def}`
          : onCopy(i.def, i.name, schema, t);
        if ((i.constraint_def || i.is_unique) && !later) await tx.unsafe(statement);
        else deferred.push(statement);
      }
    }
  });
  return { schema, liveSchema, tables, deferred };
};

/** Index builds at once: one per core here; Postgres parallelises a b-tree's sort itself, not a GIN build. */
const INDEX_BUILDERS = 2;

/**
 * Builds the indexes left out of the filled copies, each in one pass over
 * its table (sorted, rather than maintained row by row), with more memory
 * for the sort than an ordinary session gets, two at a time: the GIN and
 * trigram indexes (the slowest, and single-threaded) first, so the other
 * builds run beside them.
 */
export const createDeferredIndexes = async (sql: Sql, shadow: ShadowTables) => {
  const queue = [...shadow.deferred].sort(
    (a, b) => Number(/USING gin/i.test(b)) - Number(/USING gin/i.test(a)),
  );
  const builder = async () => {
    const conn = await sql.reserve();
    try {
      await conn`SET maintenance_work_mem = '256MB'`;
      for (let next = queue.shift(); next; next = queue.shift()) await conn.unsafe(next);
    } finally {
      await conn`RESET maintenance_work_mem`.catch(() => undefined);
      conn.release();
    }
  };
  // Both builders finish (or fail) before the caller goes on to drop or swap the copies.
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(INDEX_BUILDERS, queue.length) }, builder),
  );
  for (const result of results) if (result.status === 'rejected') throw result.reason;
};

/**
 * Statements that run against the copies: the shadow schema first on the
 * search_path, for this transaction only. The copy's batches commit without
 * waiting for the disk: a crash loses the copy's last batches together with
 * their checkpoint (one transaction), and an interrupted rebuild starts over
 * anyway; the swap commits durably, flushing every batch before it.
 */
export const inShadow = (shadow: ShadowTables, statements: Statement[]): Statement[] =>
  statements.length === 0
    ? statements
    : [
        statement`SELECT set_config('search_path', ${`${ident(shadow.schema)}, ${ident(shadow.liveSchema)}`}, true),
                         set_config('synchronous_commit', 'off', true)`,
        ...statements,
      ];

/**
 * Planner statistics and a visibility map for the filled copies, so that the
 * first queries after the swap plan as before and the map search's
 * index-only scans (migration 0120) fetch no heap pages. Without the vacuum
 * a fresh copy has no page marked all-visible until autovacuum comes by
 * (a copy filled by COPY FREEZE has, and the vacuum skips its pages). Not
 * their TOAST tables: nothing reads those by visibility map, and COPY FREEZE
 * leaves their pages unmarked, so a pass over them (1.1 s and 400 MB of WAL
 * for the 200k listing documents) would buy nothing the swap waits for;
 * autovacuum marks them later, in the background.
 */
export const vacuumShadow = async (sql: Sql, shadow: ShadowTables) => {
  for (const t of shadow.tables)
    await sql.unsafe(`VACUUM (ANALYZE, PROCESS_TOAST FALSE) ${ident(shadow.schema)}.${ident(t)}`);
};

/**
 * Holds writers (the live projector) off the live tables until the
 * transaction ends; readers go on reading them. EXCLUSIVE, not ACCESS
 * EXCLUSIVE: the latter takes a transaction id (for standbys), which would
 * hold back the log's visibility fence while the copy catches up.
 */
export const lockLiveTables = async (tx: TransactionSql, shadow: ShadowTables) => {
  const names = shadow.tables.map((t) => `${ident(shadow.liveSchema)}.${ident(t)}`).join(', ');
  await tx.unsafe(`LOCK TABLE ${names} IN EXCLUSIVE MODE`);
};

const indexes = async (tx: TransactionSql, schema: string, table: string) =>
  // The same index on either table, whatever its name and schema.
  (await liveIndexes(tx, schema, table)).map((r) => ({
    name: r.name,
    shape: r.def.replace(/^(CREATE (?:UNIQUE )?INDEX )\S+( ON (?:ONLY )?)\S+/, '$1$2'),
  }));

/** The live table's own triggers (CREATE TABLE … LIKE copies none), as statements naming the live table. */
const triggers = async (tx: TransactionSql, schema: string, table: string) =>
  (
    await tx<{ def: string }[]>`
      SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger
      WHERE tgrelid = ${`${ident(schema)}.${ident(table)}`}::regclass AND NOT tgisinternal`
  ).map((r) => r.def);

/**
 * Inside the caller's transaction (after `lockLiveTables`): waits for
 * readers of the live tables to finish (new ones wait for the commit, then
 * read the copies) and moves the live
 * tables out to a retired schema and the copies into the live schema, and
 * gives the copies' indexes the live indexes' names, so migrations that name
 * them keep working, and the live tables' triggers, so what they announce
 * (migration 0101) goes on. Announces the swap on `read_model_swapped` (the
 * table's name) at commit: a process that keeps rows of it in memory drops
 * them. Returns the retired schema, to drop after commit.
 */
export const swapShadowTables = async (tx: TransactionSql, shadow: ShadowTables) => {
  const retired = `${shadow.schema}_old`;
  const live = ident(shadow.liveSchema);
  const names = shadow.tables.map((t) => `${live}.${ident(t)}`).join(', ');
  // A reader that holds one table and waits for another could deadlock with us: give up soon and retry.
  await tx`SELECT set_config('lock_timeout', '2s', true)`;
  await tx.unsafe(`LOCK TABLE ${names} IN ACCESS EXCLUSIVE MODE`);
  await tx.unsafe(`CREATE SCHEMA ${ident(retired)}`);
  for (const t of shadow.tables) {
    const names = new Map((await indexes(tx, shadow.liveSchema, t)).map((i) => [i.shape, i.name]));
    const liveTriggers = await triggers(tx, shadow.liveSchema, t);
    await tx.unsafe(`ALTER TABLE ${live}.${ident(t)} SET SCHEMA ${ident(retired)}`);
    await tx.unsafe(`ALTER TABLE ${ident(shadow.schema)}.${ident(t)} SET SCHEMA ${live}`);
    const fresh = await indexes(tx, shadow.liveSchema, t);
    // Two steps, so a copy's generated name never collides with a name another copy is about to take.
    for (const [n, i] of fresh.entries())
      await tx.unsafe(
        `ALTER INDEX ${live}.${ident(i.name)} RENAME TO ${ident(`rebuild_swap_${n}`)}`,
      );
    for (const [n, i] of fresh.entries()) {
      const name = names.get(i.shape);
      if (!name) throw new Error(`${t}: the copy has an index the live table lacks: ${i.shape}`);
      await tx.unsafe(`ALTER INDEX ${live}.${ident(`rebuild_swap_${n}`)} RENAME TO ${ident(name)}`);
    }
    for (const def of liveTriggers) await tx.unsafe(def);
    await tx`SELECT pg_notify('read_model_swapped', ${t})`;
  }
  return retired;
};

export const dropSchema = async (sql: Sql, schema: string) => {
  await sql.unsafe(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
};
