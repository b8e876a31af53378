/**
 * A wake-up for a loop that sleeps between rounds of work (a projection's
 * reads, the regenerator's runs). A wake that comes while the loop is not
 * asleep (reading, applying, building) is kept, and its next sleep returns
 * at once: without it, a NOTIFY heard during a round that came too early to
 * see the append was lost, and the loop waited for its next poll.
 */
export type Waker = { wake?: () => void; pending?: boolean };

export const wakeUp = (waker: Waker) => {
  waker.pending = true;
  waker.wake?.();
};

/** Waits `ms`, or less if woken meanwhile (or before, while the loop was busy). */
export const sleepUnlessWoken = (ms: number, waker: Waker) =>
  new Promise<void>((resolve) => {
    if (waker.pending) {
      waker.pending = false;
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      waker.wake = undefined;
      waker.pending = false;
      resolve();
    };
    const timer = setTimeout(done, ms);
    waker.wake = done;
  });
