type Log = (line: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;

/**
 * A periodic job of the projections process (mailers, the expiry sweep): a
 * round, then the next `intervalMs` after it ends (never two at once), the
 * first after `firstAfterMs`. A failed round is logged as `<name>: round
 * failed` and the next one comes as usual. `stop` waits for a round in progress.
 */
export const startRounds = <R>(options: {
  name: string;
  intervalMs: number;
  firstAfterMs?: number;
  round: () => Promise<R>;
  /** What to log after a round that did something (nothing when it returns undefined). */
  report?: (result: R) => { line: string; fields?: Record<string, unknown> } | undefined;
  log?: Log;
}) => {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    current = options
      .round()
      .then((result) => {
        const said = options.report?.(result);
        if (said) options.log?.(`${options.name}: ${said.line}`, said.fields);
      })
      .catch((error: unknown) =>
        options.log?.(`${options.name}: round failed`, { error: (error as Error).message }, 'warn'),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, options.firstAfterMs ?? options.intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
};
