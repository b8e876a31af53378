import { rmSync } from 'node:fs';
import { FULL_CUTS } from './cuts.ts';
import { reportLines, runHostsDrill } from './hostsDrill.ts';
import { HOSTS_DATA_DIR, type HostsStack } from './hostsStack.ts';
import { removeNetwork } from './net.ts';

/**
 * `npm run drill -- --hosts`: the multi-host drill at full length (every
 * cut of cuts.ts). Interrupted (SIGINT, SIGTERM) it stops the hosts and
 * removes the network; should even that fail, the next start removes what
 * is left.
 */
export const runHostsCli = async (options: {
  phaseMs: number;
  rate: number;
  listings: number;
  say: (line: string) => void;
}) => {
  let stack: HostsStack | undefined;
  const interrupted = (signal: string) => {
    options.say(`${signal}: stopping the hosts and removing the network`);
    void (stack?.stop() ?? Promise.resolve())
      .catch(() => undefined)
      .finally(() => {
        removeNetwork();
        rmSync(HOSTS_DATA_DIR, { recursive: true, force: true });
        process.exit(130);
      });
  };
  process.once('SIGINT', () => interrupted('SIGINT'));
  process.once('SIGTERM', () => interrupted('SIGTERM'));
  // Whatever way the process ends, nothing stays in the namespaces.
  process.once('exit', () => removeNetwork());
  const report = await runHostsDrill({
    cuts: FULL_CUTS,
    phaseMs: options.phaseMs,
    rate: options.rate,
    listings: options.listings,
    log: options.say,
    onStack: (s) => (stack = s),
  });
  for (const line of reportLines(report)) console.log(line);
  if (report.breaches.length > 0) {
    // The next run removes it.
    console.log(`FAILED (the hosts' logs are in ${HOSTS_DATA_DIR}/logs)`);
    return 1;
  }
  console.log('every cut met the bar');
  rmSync(HOSTS_DATA_DIR, { recursive: true, force: true });
  return 0;
};
