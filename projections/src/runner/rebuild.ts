import type { Sql } from 'postgres';
import type { ExternalProjection, Projection } from './projection.ts';
import { ensureCheckpoint, projectionLockKey } from './checkpoints.ts';
import { clearParked, parkFromLog } from './parking.ts';
import { rebuildBeside } from './rebuildBeside.ts';
import {
  fill,
  forgetShadow,
  shadowName,
  rebuildRunner,
  swapWhenCaughtUp,
  watch,
  type Options,
  type RebuildProgress,
} from './rebuildCopies.ts';
import { holdSwapLock } from './swapLock.ts';

export type { RebuildProgress } from './rebuildCopies.ts';

export type RebuildResult = { parked: number };

const parkedCount = async (sql: Sql, projection: string) =>
  (
    await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM projection_parked_streams WHERE projection = ${projection}`
  )[0]?.n ?? 0;

/** Runs `work` holding these projections' rebuild locks: two rebuilds of one projection never overlap. */
const exclusively = async <T>(sql: Sql, projections: readonly string[], work: () => Promise<T>) => {
  const conn = await sql.reserve();
  const held: string[] = [];
  try {
    for (const projection of projections) {
      const [lock] = await conn<{ ok: boolean }[]>`
        SELECT pg_try_advisory_lock(hashtext(${`rebuild:${projection}`})) AS ok`;
      if (!lock?.ok) throw new Error(`a rebuild of ${projection} is already running`);
      held.push(projection);
    }
    return await work();
  } finally {
    for (const projection of held)
      await conn`SELECT pg_advisory_unlock(hashtext(${`rebuild:${projection}`}))`;
    conn.release();
  }
};

/** An external model that can fill a fresh copy (the search index): built, caught up, swapped. */
const rebuildFresh = async (
  sql: Sql,
  projection: ExternalProjection & { buildFresh: NonNullable<ExternalProjection['buildFresh']> },
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
  await forgetShadow(sql, projection.name);
  const { checkpoint, unapplied, copy } = await projection.buildFresh((done, total) =>
    onProgress({ of: projection.name, applied: done, total, unit: 'listings' }),
  );
  let swapped = false;
  try {
    // Neither the live model's copy builder nor its pipelined `send` (to the live index): the copy applies its own.
    const { buildFresh: _live, send: _liveSend, ...rest } = projection;
    const shadow: ExternalProjection = {
      ...rest,
      name: shadowName(projection.name),
      apply: copy.apply,
    };
    await fill(sql, shadow, checkpoint, onProgress, projection.name, options, async () => {
      // Streams the copy could not apply are parked before its runner reaches their later events.
      for (const { event, error } of unapplied) {
        options.log?.(
          `${projection.name}: parked stream ${event.streamId} at event #${event.position} (${event.type}): ${error}`,
        );
        await parkFromLog(sql, shadow, event, error);
      }
    });
    await swapWhenCaughtUp(
      sql,
      projection,
      () => rebuildRunner(sql, shadow, options),
      // The live model takes batches under this lock (searchProjection.ts): held, none lands now.
      (tx) => holdSwapLock(tx, projection.name),
      async () => {
        await copy.swap();
        swapped = true;
      },
      options.log,
    );
  } finally {
    await forgetShadow(sql, projection.name);
    // After a swap the old model is under the copy's name; without one the copy itself goes.
    await copy.drop();
    if (!swapped)
      options.log?.(`${projection.name}: rebuild stopped before the swap; nothing changed`);
  }
};

/**
 * Rebuilds projections from position zero while they keep running. Read
 * models that name their tables are filled beside the live ones, together in
 * one pass over the log (rebuildBeside); an external model that can build a
 * fresh copy (the search index) is built beside the live one by its own
 * means. Each copy is then caught up with the head and swapped in together
 * with its checkpoint in one transaction: readers see the old model until
 * the new one is complete, the live projector pauses only for the swap, and
 * nothing waits for a write. Any other model, its parked streams and
 * checkpoint are reset in place and replayed. An event that cannot be
 * applied parks its stream, as in normal running: the rebuild goes on and
 * reports how many are parked.
 */
export const rebuildProjections = async (
  sql: Sql,
  projections: readonly Projection[],
  onProgress: (p: RebuildProgress) => void = () => {},
  options: Options = {},
): Promise<Map<string, RebuildResult>> => {
  const names = projections.map((p) => p.name);
  await exclusively(sql, names, async () => {
    const beside = projections.flatMap((p) =>
      p.kind === 'sql' && p.tables ? [{ ...p, tables: p.tables }] : [],
    );
    if (beside.length > 0) await rebuildBeside(sql, beside, onProgress, options);
    for (const projection of projections)
      if (projection.kind === 'external' && projection.buildFresh)
        await rebuildFresh(
          sql,
          { ...projection, buildFresh: projection.buildFresh },
          onProgress,
          options,
        );
      else if (projection.kind === 'external' || !projection.tables)
        await rebuildInPlace(sql, projection, onProgress, options);
  });
  return new Map(
    await Promise.all(names.map(async (n) => [n, { parked: await parkedCount(sql, n) }] as const)),
  );
};

/** Rebuilds one projection (rebuildProjections). */
export const rebuildProjection = async (
  sql: Sql,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void = () => {},
  options: Options = {},
): Promise<RebuildResult> =>
  (await rebuildProjections(sql, [projection], onProgress, options)).get(projection.name)!;

/**
 * Resets the model, its parked streams and the checkpoint in one transaction
 * and replays. If a running projector owns the projection it notices the
 * reset at its next batch (its checkpoint compare-and-set fails) and replays,
 * and we only watch; otherwise we replay here with large batches.
 */
const rebuildInPlace = async (
  sql: Sql,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void,
  options: Options,
) => {
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

  // Probe for a running owner on one connection; the lock is released at once.
  const probe = await sql.reserve();
  const [lock] = await probe<{ ok: boolean }[]>`
    SELECT pg_try_advisory_lock(hashtext(${projectionLockKey(projection.name)})) AS ok`;
  if (lock?.ok)
    await probe`SELECT pg_advisory_unlock(hashtext(${projectionLockKey(projection.name)}))`;
  probe.release();

  const local = lock?.ok ? rebuildRunner(sql, projection, options) : undefined;
  try {
    await watch(sql, projection.name, local, onProgress, projection.name);
  } finally {
    await local?.stop();
    await sql`UPDATE projection_checkpoints SET status = ${local ? 'idle' : 'running'}, updated_at = now()
              WHERE name = ${projection.name} AND status = 'rebuilding'`;
  }
};
