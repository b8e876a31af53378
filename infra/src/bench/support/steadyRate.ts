/**
 * Calls `each(i)` for i = 0 … rate × seconds − 1, the i-th due i / rate
 * seconds after the start whatever the earlier ones take, and waits for all of
 * them; resolves with when it started (performance.now()).
 */
export const atSteadyRate = async (
  rate: number,
  seconds: number,
  each: (i: number) => Promise<void>,
) => {
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(each(i));
  }
  await Promise.all(inFlight);
  return started;
};
