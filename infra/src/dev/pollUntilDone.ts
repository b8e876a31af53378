/**
 * Asks `check` every 250 ms until it finds nothing pending (undefined), and
 * says what is pending every 10 s. Past `timeoutMs` it hands the last answer
 * to `timedOut`, which throws or gives up quietly: the caller's choice.
 */
export const pollUntilDone = async (
  check: () => Promise<string | undefined>,
  say: (pending: string) => void,
  timedOut: (pending: string) => void,
  timeoutMs: number,
) => {
  const started = Date.now();
  let lastSaid = started;
  for (;;) {
    const pending = await check();
    if (pending === undefined) return;
    if (Date.now() - started > timeoutMs) return timedOut(pending);
    if (Date.now() - lastSaid > 10_000) {
      say(pending);
      lastSaid = Date.now();
    }
    await new Promise((r) => setTimeout(r, 250));
  }
};
