/** The parts of `/api/health` (with details: the drill calls from the machine itself) the drill reads. */
export type HealthReport = {
  status: 'ok' | 'degraded' | 'down';
  search?: { engine: string };
  projections?: { name: string; status: string; lag: number; lastSeenAt: string | null }[];
  publicSite?: { pendingCities: number; pendingListings: number };
};

/** One look at the stack: readiness (`/api/health/ready`) and the whole product's health. */
export type HealthSample = {
  at: number;
  /** The readiness status code, or null when the web process did not answer. */
  ready: number | null;
  health: HealthReport | null;
};

const get = async (url: string) => {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return null;
  }
};

export const sampleHealth = async (url: string): Promise<HealthSample> => {
  const [ready, health] = await Promise.all([
    get(`${url}/api/health/ready`),
    get(`${url}/api/health`),
  ]);
  return {
    at: Date.now(),
    ready: ready?.status ?? null,
    health: (health?.body as HealthReport | null) ?? null,
  };
};

/** Waits until the product is `ok`, the read side has applied the whole log and the pages are rebuilt (after the seed). */
export const waitUntilCaughtUp = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sample = await sampleHealth(url);
    const site = sample.health?.publicSite;
    const projections = sample.health?.projections ?? [];
    if (
      sample.health?.status === 'ok' &&
      projections.length > 0 &&
      projections.every((p) => p.status === 'running' && p.lag === 0) &&
      site &&
      site.pendingCities + site.pendingListings === 0
    )
      return;
    if (Date.now() > deadline)
      throw new Error(
        `the read side did not catch up in ${timeoutMs / 1000} s: ${JSON.stringify(sample.health)}`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
};
