import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AnyScenario } from '../mix/scenario.ts';

/** Whether a `k6` binary is on the PATH. */
export const k6Available = () => {
  const probe = spawnSync('k6', ['version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
};

/** tenant-search → k6/tenantSearch.ts */
const scriptOf = (scenario: AnyScenario) =>
  fileURLToPath(
    new URL(
      `../k6/${scenario.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}.ts`,
      import.meta.url,
    ),
  );

/**
 * `k6 run` of the scenario's script (k6 ≥ 1.0 runs TypeScript as it is; 0.57
 * and later with K6_COMPATIBILITY_MODE=experimental_enhanced): the same
 * requests, the bars as thresholds, the same table from its handleSummary.
 * Resolves with k6's exit code (99: a threshold was crossed).
 */
export const runK6 = (
  scenario: AnyScenario,
  options: { baseUrl: string; seconds: number; connections: number; rate?: number },
) => {
  const env = {
    BASE_URL: options.baseUrl,
    DURATION_SECONDS: String(options.seconds),
    CONNECTIONS: String(options.connections),
    ...(options.rate ? { RATE: String(options.rate) } : {}),
  };
  const args = ['run', ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`])];
  const child = spawn('k6', [...args, scriptOf(scenario)], { stdio: 'inherit' });
  return new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
};
