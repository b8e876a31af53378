import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { readOpenData } from './read.ts';
import { OPEN_DATA, RentsFileSchema } from '@rentals/core/openData/rentsSchema';
import { rentsCsv, rentsFile, rentsJson, shapeRows } from './shape.ts';

/** The published schema, as a JSON Schema validator reads it. */
export const rentsSchemaJson = () => `${JSON.stringify(RentsFileSchema, null, 2)}\n`;

/**
 * The data files as the read models say now: relative path → content. The
 * same read models give the same bytes (no timestamps), so a regeneration
 * with no change writes nothing and `npm run verify` can compare bytes.
 */
export const openDataFiles = async (sql: Sql): Promise<Map<string, string>> => {
  const { asked, lets, names, month } = await readOpenData(sql);
  const rows = shapeRows(asked, lets, names);
  return new Map([
    [OPEN_DATA.csv, rentsCsv(rows)],
    [OPEN_DATA.json, rentsJson(rentsFile(rows, month))],
    [OPEN_DATA.schema, rentsSchemaJson()],
  ]);
};

/** Lines of `actual` that `expected` lacks, and the reverse, at most `limit` of each. */
const lineDiff = (expected: string, actual: string, limit = 5) => {
  const want = new Set(expected.split('\n'));
  const have = new Set(actual.split('\n'));
  const missing = [...want].filter((l) => !have.has(l));
  const extra = [...have].filter((l) => !want.has(l));
  const few = (lines: string[]) =>
    lines
      .slice(0, limit)
      .map((l) => l.trim())
      .join(' | ') + (lines.length > limit ? ` (and ${lines.length - limit} more)` : '');
  return [
    ...(missing.length ? [`${missing.length} line(s) missing: ${few(missing)}`] : []),
    ...(extra.length ? [`${extra.length} line(s) not in the read models: ${few(extra)}`] : []),
  ];
};

/**
 * `npm run verify`'s check: each published data file against what the read
 * models say now, naming the rows that differ (one per line in both files).
 */
export const compareOpenData = async (sql: Sql, publicSiteDir: string): Promise<string[]> => {
  const differences: string[] = [];
  for (const [relative, expected] of await openDataFiles(sql)) {
    const actual = await readFile(join(publicSiteDir, relative), 'utf8').catch(() => undefined);
    if (actual === undefined) differences.push(`open data: /${relative} is not published`);
    else if (actual !== expected) {
      const lines = lineDiff(expected, actual);
      for (const d of lines.length ? lines : ['the same lines in another order'])
        differences.push(`open data: /${relative} differs from the read models: ${d}`);
    }
  }
  return differences;
};
