import { pollUntilDone } from './pollUntilDone.ts';

/** The part of /api/health that says how far the read side and the static pages are behind. */
type CatchUpReport = {
  projections?: readonly unknown[];
  catchUp?: { lag: number; etaSeconds: number | null };
  publicSite?: { pendingCities: number; pendingListings: number };
};

/**
 * What is still being caught up, in words, or undefined when the read models,
 * the search index and the static pages show every event. A fresh data
 * directory is seeded just before the product starts: until then city pages
 * answer 404 and searches find less than the seed.
 */
export const stillCatchingUp = (report: CatchUpReport): string | undefined => {
  const { catchUp, publicSite, projections } = report;
  if (!catchUp) return undefined;
  // Until the projections process has registered its projections, nothing is behind only because nothing is counted.
  if (projections?.length === 0) return 'catching up: waiting for the projections to start';
  const pages = (publicSite?.pendingCities ?? 0) + (publicSite?.pendingListings ?? 0);
  if (catchUp.lag === 0 && pages === 0 && catchUp.etaSeconds === 0) return undefined;
  const left =
    catchUp.etaSeconds === null ? '' : ` (about ${Math.max(1, catchUp.etaSeconds)} s left)`;
  const parts = [
    ...(catchUp.lag > 0 ? [`${catchUp.lag} event(s) to project`] : []),
    ...(publicSite && pages > 0
      ? [
          `static pages of ${publicSite.pendingCities} city(ies) and ${publicSite.pendingListings} listing(s) to write`,
        ]
      : []),
  ];
  return `catching up: ${parts.length > 0 ? parts.join(', ') : 'finishing'}${left}`;
};

/**
 * Polls /api/health until the read side has caught up (see `stillCatchingUp`),
 * saying what is left every 10 s. Past the timeout it says so and returns: the
 * product works meanwhile, only some pages are behind.
 */
export const waitUntilCaughtUp = async (
  url: string,
  log: (line: string) => void,
  timeoutMs = 300_000,
) => {
  const check = async () =>
    stillCatchingUp(
      (await fetch(url)
        .then((r) => r.json())
        .catch(() => ({}))) as CatchUpReport,
    );
  await pollUntilDone(
    check,
    log,
    (left) => log(`${left}; not waiting longer, the rest appears as it is done`),
    timeoutMs,
  );
};
