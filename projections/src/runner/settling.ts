import type { TransactionSql } from 'postgres';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import type { Projection } from './projection.ts';
import { markProjectionTransaction } from './projectionTransaction.ts';
import type { Runner, Settling } from './runnerState.ts';

/** Runs the projection's settle statements (SqlProjection.settle) in `tx`. */
export const runSettle = async (projection: Projection, tx: TransactionSql) => {
  if (projection.kind !== 'sql' || !projection.settle) return;
  for (const s of projection.settle.statements)
    await tx.unsafe(s.text, s.values as never[], { prepare: true });
};

/** Whether a batch of `events` read with `requested` as the limit settles: it reached the head, or it is time. */
export const settlesNow = (runner: Runner, events: RecordedEvent[], requested: number) => {
  const { projection } = runner;
  return (
    projection.kind === 'sql' &&
    !!projection.settle &&
    (events.length < requested ||
      Date.now() - runner.settling.at >= projection.settle.atMostEveryMs)
  );
};

/** A batch committed, having settled (`settled`) or left its settling for later. */
export const batchCommitted = (settling: Settling, settled: boolean) => {
  if (settled) settling.at = Date.now();
  settling.pending = !settled;
};

/** After a batch that did not settle, when the log has nothing more: settles in a transaction of its own. */
export const settleIfDue = async (runner: Runner) => {
  if (!runner.settling.pending) return;
  await runner.sql.begin(async (tx) => {
    await markProjectionTransaction(tx);
    await runSettle(runner.projection, tx);
  });
  runner.settling.at = Date.now();
  runner.settling.pending = false;
};
