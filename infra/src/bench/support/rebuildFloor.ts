import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ident, type Sql } from '@rentals/core/db';
import {
  createDeferredIndexes,
  createShadowTables,
  dropSchema,
  vacuumShadow,
} from '@rentals/projections/runner/shadowTables';

export type RebuildFloor = { seconds: number; load: number; indexes: number; vacuum: number };

/** The columns a COPY can write: generated ones are computed by Postgres. */
const storedColumns = async (sql: Sql, table: string) =>
  (
    await sql<{ name: string }[]>`
      SELECT attname AS name FROM pg_attribute
      WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`
  ).map((r) => r.name);

/**
 * The least Postgres work a rebuild of these tables can do on this machine,
 * timed the way a rebuild does it (the same copies, the same index builds
 * and vacuum, rebuild.ts): the finished rows, written to a file on the
 * server beforehand, loaded with one COPY FREEZE per table. A rebuild does
 * all of this and reads and folds the log besides, so `rebuild ÷ floor`
 * says how much of its time the fold costs, on the machine it ran on; a
 * floor slower than a bar says no fold can meet that bar here.
 */
export const rebuildFloor = async (
  sql: Sql,
  name: string,
  tables: readonly string[],
): Promise<RebuildFloor> => {
  const [{ data_directory: dir } = { data_directory: '' }] = await sql<
    { data_directory: string }[]
  >`SHOW data_directory`;
  const file = (table: string) => join(dir, `bench_floor_${table}.copy`);
  const columns = new Map<string, string>();
  try {
    for (const table of tables) {
      const list = (await storedColumns(sql, table)).map(ident).join(', ');
      columns.set(table, list);
      await sql.unsafe(`COPY (SELECT ${list} FROM ${ident(table)}) TO '${file(table)}'`);
    }
    const started = performance.now();
    const shadow = await createShadowTables(sql, `floor ${name}`, tables, tables);
    try {
      // One transaction that empties the copies first: every COPY is a COPY FREEZE, as in a rebuild's fill.
      await sql.begin(async (tx) => {
        for (const table of tables) {
          const target = `${ident(shadow.schema)}.${ident(table)}`;
          await tx.unsafe(`TRUNCATE ${target}`);
          await tx.unsafe(
            `COPY ${target} (${columns.get(table)}) FROM '${file(table)}' WITH (FREEZE)`,
          );
        }
      });
      const loaded = performance.now();
      await createDeferredIndexes(sql, shadow);
      const indexed = performance.now();
      await vacuumShadow(sql, shadow);
      const done = performance.now();
      return {
        seconds: (done - started) / 1000,
        load: (loaded - started) / 1000,
        indexes: (indexed - loaded) / 1000,
        vacuum: (done - indexed) / 1000,
      };
    } finally {
      await dropSchema(sql, shadow.schema);
    }
  } finally {
    for (const table of tables) rmSync(file(table), { force: true });
  }
};
