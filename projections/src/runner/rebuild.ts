import type { Sql } from 'postgres';
import type { Projection } from './projection.ts';
import { ensureCheckpoint } from './checkpoints.ts';
import { clearParked, parkFromLog } from './parking.ts';
import { startProjection } from './runner.ts';

export type RebuildProgress = { applied: number; total: number };

export type RebuildResult = { parked: number };

/**
 * Rebuilds a projection from position zero. The read model, its parked
 * streams and the checkpoint are reset in one transaction; if a running
 * projector owns the projection it notices the reset (its checkpoint
 * compare-and-set fails) and replays, and we only watch; otherwise we replay
 * here with large batches. An event that cannot be applied parks its stream,
 * as in normal running: the rebuild goes on and reports how many are parked.
 */
export const rebuildProjection = async (
  sql: Sql,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void = () => {},
  options: { batchSize?: number; log?: (line: string) => void } = {},
): Promise<RebuildResult> => {
  await ensureCheckpoint(sql, projection.name);
  await sql.begin(async (tx) => {
    await tx`SELECT 1 FROM projection_checkpoints WHERE name = ${projection.name} FOR UPDATE`;
    if (projection.kind === 'sql')
      for (const s of projection.reset) await tx.unsafe(s.text, s.values as never[]);
    await clearParked(tx, projection.name);
    await tx`UPDATE projection_checkpoints SET transaction_id = '0', position = 0, status = 'rebuilding',
             last_error = NULL, updated_at = now() WHERE name = ${projection.name}`;
  });
  if (projection.kind === 'external') {
    const result = await projection.reset();
    for (const { event, error } of result?.unapplied ?? []) {
      options.log?.(
        `${projection.name}: parked stream ${event.streamId} at event #${event.position} (${event.type}): ${error}`,
      );
      await parkFromLog(sql, projection, event, error);
    }
  }

  const [{ total } = { total: 0 }] = await sql<
    { total: number }[]
  >`SELECT count(*) AS total FROM events`;
  // Probe for a running owner on one connection; the lock is released at once.
  const probe = await sql.reserve();
  const [lock] = await probe<{ ok: boolean }[]>`
    SELECT pg_try_advisory_lock(hashtext(${`projection:${projection.name}`})) AS ok`;
  if (lock?.ok)
    await probe`SELECT pg_advisory_unlock(hashtext(${`projection:${projection.name}`}))`;
  probe.release();

  const local = lock?.ok
    ? startProjection(sql, projection, {
        batchSize: options.batchSize ?? 2000,
        pollIntervalMs: 50,
        log: options.log,
      })
    : undefined;
  try {
    for (;;) {
      const [row] = await sql<{ applied: number; status: string; last_error: string | null }[]>`
        SELECT (SELECT count(*) FROM events e WHERE (e.transaction_id, e.position) <= (c.transaction_id, c.position)) AS applied,
               c.status, c.last_error
        FROM projection_checkpoints c WHERE c.name = ${projection.name}`;
      if (row?.status === 'failed')
        throw new Error(`${projection.name} failed during rebuild: ${row.last_error}`);
      onProgress({ applied: row?.applied ?? 0, total });
      if ((row?.applied ?? 0) >= total) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await local?.whenCaughtUp(600_000);
  } finally {
    await local?.stop();
    await sql`UPDATE projection_checkpoints SET status = ${local ? 'idle' : 'running'}, updated_at = now()
              WHERE name = ${projection.name} AND status = 'rebuilding'`;
  }
  const [parked] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM projection_parked_streams WHERE projection = ${projection.name}`;
  return { parked: parked?.n ?? 0 };
};
