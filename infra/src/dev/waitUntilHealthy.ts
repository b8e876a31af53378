/**
 * Polls /api/health until it answers 200 (ok or degraded); after a while,
 * says what is still down. Called from this machine, so it gets the details.
 */
export const waitUntilHealthy = async (
  url: string,
  log: (line: string) => void,
  timeoutMs = 180_000,
) => {
  const started = Date.now();
  let lastReport: string;
  let lastSaid = started;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        const report = (await res.json().catch(() => ({}))) as {
          status?: string;
          parked?: unknown[];
        };
        if (report.status === 'degraded')
          log(
            `degraded: ${report.parked?.length ?? 'some'} stream(s) parked on events a projection cannot apply; see npm run projections:parked`,
          );
        return;
      }
      lastReport = await res.text();
    } catch (error) {
      lastReport = (error as Error).message;
    }
    if (Date.now() - lastSaid > 10_000) {
      log(`waiting for ${url}: ${lastReport}`);
      lastSaid = Date.now();
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`not healthy after ${timeoutMs / 1000} s: ${lastReport}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};
