import { pollUntilDone } from './pollUntilDone.ts';

/**
 * Polls /api/health until it answers 200 (ok or degraded); after a while,
 * says what is still down. Called from this machine, so it gets the details.
 */
export const waitUntilHealthy = async (
  url: string,
  log: (line: string) => void,
  timeoutMs = 180_000,
) => {
  const check = async () => {
    try {
      const res = await fetch(url);
      if (!res.ok) return await res.text();
      const report = (await res.json().catch(() => ({}))) as {
        status?: string;
        parked?: unknown[];
      };
      if (report.status === 'degraded')
        log(
          `degraded: ${report.parked?.length ?? 'some'} stream(s) parked on events a projection cannot apply; see npm run projections:parked`,
        );
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };
  await pollUntilDone(
    check,
    (report) => log(`waiting for ${url}: ${report}`),
    (report) => {
      throw new Error(`not healthy after ${timeoutMs / 1000} s: ${report}`);
    },
    timeoutMs,
  );
};
