import type { Stack } from './stack.ts';

/** How long the photo processor may take to work through the photos the load left waiting. */
const PHOTO_QUEUE_WAIT_MS = 150_000;

/**
 * Waits until no photo is waiting to be processed (photo_jobs: a processed photo's row goes, a
 * failed one stays marked; a row whose upload was never appended goes when its two-minute hold
 * ends). Photos are processed after their upload's answer and append their own events, so a
 * verify before that compares a log still being written.
 */
export const photoQueueSettled = async (stack: Stack) => {
  const until = Date.now() + PHOTO_QUEUE_WAIT_MS;
  for (;;) {
    const [row] = await stack.sql<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting FROM photo_jobs WHERE failed IS NULL`;
    if (!row || row.waiting === 0 || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
};
