/**
 * Resolves after the event loop has run what was waiting (socket writes and
 * reads, timers). Long synchronous work awaits it every so often, so that
 * the process's I/O goes on meanwhile: a COPY's socket refilled while the
 * rows are folded, a projection's open transaction answered while pages are
 * rendered.
 */
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));
