import type { TransactionSql } from 'postgres';
import type { Checkpoint, RecordedEvent } from '@rentals/core/eventStore/types';
import type { BatchMemory } from './projection.ts';
import type { Statement } from './statement.ts';

/** Marks a projection's tables as written by someone other than its runner: its memory reloads. */
export const bumpMemoryEpoch = (tx: TransactionSql, name: string) =>
  tx`UPDATE projection_checkpoints SET memory_epoch = memory_epoch + 1 WHERE name = ${name}`;

/**
 * Keeps a runner's BatchMemory in step with the tables (`tables`, the
 * projection's own): the memory is known
 * to match them at the checkpoint and epoch the last committed batch left;
 * anything else (the first batch, a batch that failed or was retried, a
 * checkpoint moved by a rebuild's swap or a reset, a parked stream retried)
 * loads it again in the batch's own transaction, before the batch reads it.
 */
export const batchMemoryKeeper = (
  name: string,
  memory: BatchMemory,
  tables: readonly string[],
  log: (line: string) => void = () => {},
) => {
  let validAt: { checkpoint: Checkpoint; epoch: string } | undefined;
  let pending: string | undefined;
  return {
    async statements(
      tx: TransactionSql,
      from: Checkpoint,
      events: RecordedEvent[],
    ): Promise<Statement[]> {
      // The batch reads its tables before it writes them. A rebuild's swap holds writers off
      // (EXCLUSIVE) and then waits for readers (ACCESS EXCLUSIVE): a batch holding a read lock while
      // waiting to write would deadlock with it. Taking the write locks first, it waits holding none.
      if (tables.length > 0)
        await tx.unsafe(
          `LOCK TABLE ${tables.map((t) => `"${t}"`).join(', ')} IN ROW EXCLUSIVE MODE`,
        );
      const [row] = await tx<{ epoch: string }[]>`
        SELECT memory_epoch::text AS epoch FROM projection_checkpoints WHERE name = ${name}`;
      const epoch = row?.epoch ?? '0';
      const valid =
        validAt !== undefined &&
        validAt.epoch === epoch &&
        validAt.checkpoint.transactionId === from.transactionId &&
        validAt.checkpoint.position === from.position;
      // Until this batch commits, the memory holds what the tables may never get.
      validAt = undefined;
      if (!valid) {
        const started = performance.now();
        await memory.load(tx);
        log(`${name}: memory loaded in ${Math.round(performance.now() - started)} ms`);
      }
      pending = epoch;
      return events.length === 0 ? [] : memory.evolveBatch(tx, events);
    },
    /** The batch that called `statements` committed, moving the checkpoint to `to`. */
    committed(to: Checkpoint) {
      if (pending !== undefined) validAt = { checkpoint: to, epoch: pending };
      pending = undefined;
    },
    /** It did not. */
    failed() {
      validAt = undefined;
      pending = undefined;
    },
  };
};
