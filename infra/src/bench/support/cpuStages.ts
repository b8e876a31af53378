// Where a process's CPU went, by stage of a request: its CPU profile (Bun's --cpu-prof, the Chrome
// DevTools format) counted by samples into stages named after the code that ran. A native function
// (no file: fetch, JSON, the HTTP server's own work) counts for the stage of the code that called it.
// Samples, not their time deltas: Bun's sampler records only while JavaScript runs, so a sample's
// delta also holds the idle time before it (a timer's callback after a quiet second would weigh 1 s).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
};
export type CpuProfile = { nodes: ProfileNode[]; samples: number[] };

/** Stages by the file a function is in; the first that matches names it. */
const STAGES: [stage: string, matches: RegExp][] = [
  ['Meilisearch client (its fetch, JSON)', /\/node_modules\/meilisearch\//],
  ['search: replicas, fresh merge, documents', /\/projections\/src\/queries\//],
  ['search route (parameters, criteria, answer)', /\/api\/src\/properties\//],
  [
    'Elysia (routing, validation, JWT)',
    /\/node_modules\/(elysia|@elysiajs|@sinclair|exact-mirror|memoirist)\//,
  ],
  ['request log', /\/core\/src\/logger/],
  [
    'web layers (request id, deadline, headers, body counter)',
    /\/api\/src\/(server\.ts|web\/|shared\/bodyLimit|access\/clientIp|idempotency\/)/,
  ],
  ['sign-in check (token, session cache)', /\/api\/src\/(access|auth)\//],
  ['Postgres client', /\/node_modules\/postgres\//],
  ['other API code', /\/(api|core|projections)\/src\//],
];
const OUTSIDE_JS = 'Bun natives outside JavaScript (HTTP server, GC)';
const OTHER = 'other libraries';

const stageOfUrl = (url: string) => STAGES.find(([, matches]) => matches.test(url))?.[0] ?? OTHER;

/** Samples by stage (idle excluded), largest first. */
export const cpuByStage = (profile: CpuProfile): [stage: string, samples: number][] => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stageOf = new Map<number, string | null>();
  const stage = (id: number): string | null => {
    if (stageOf.has(id)) return stageOf.get(id)!;
    const node = byId.get(id);
    let found: string | null;
    if (node?.callFrame.functionName === '(idle)') found = null;
    else if (node?.callFrame.url) found = stageOfUrl(node.callFrame.url);
    else {
      const parent = parentOf.get(id);
      found = parent === undefined ? OUTSIDE_JS : (stage(parent) ?? OUTSIDE_JS);
    }
    stageOf.set(id, found);
    return found;
  };
  const totals = new Map<string, number>();
  for (const id of profile.samples) {
    const name = stage(id);
    if (name !== null) totals.set(name, (totals.get(name) ?? 0) + 1);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
};

/** The newest .cpuprofile in a directory (the profiled process writes one when it exits). */
export const newestProfile = (dir: string): CpuProfile | undefined => {
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort()
    .at(-1);
  return file ? (JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile) : undefined;
};

/** A markdown table: each stage's share and, given the CPU µs one request cost, its µs per request. */
export const stageTable = (stages: [string, number][], usPerRequest: number): string => {
  const total = stages.reduce((sum, [, samples]) => sum + samples, 0);
  const rows = stages.map(
    ([name, samples]) =>
      `| ${name} | ${((100 * samples) / total).toFixed(1)} % | ${Math.round((usPerRequest * samples) / total)} |`,
  );
  return ['| Stage | share of CPU | µs per search |', '|---|---|---|', ...rows].join('\n');
};
