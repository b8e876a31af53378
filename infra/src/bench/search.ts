// `npm run bench:search`: tenant searches over the 200k seed through GET /api/properties on the real web
// process (api/src/main.ts with production's settings; BENCH_API=app: buildApp alone), and the very same
// Meilisearch queries sent straight to Meilisearch, in one run, with each process's CPU per request.
// Bars (DESIGN §12): throughput ≥ 0.8× direct with every process on every CPU, ≥ 0.95× with
// Meilisearch on CPUs of its own; p99 ≤ 25 ms at half of peak. Measured twice in the run: with every process sharing every CPU, and with
// Meilisearch on CPUs of its own (cpuLayout.ts), since on a shared two-core machine the API's CPU is taken
// from Meilisearch's, while in production the search engine runs on a server of its own.
import { parseSearchParams } from '@rentals/api/properties/searchParams';
import { resolvePlaces } from '@rentals/api/properties/criteriaFor';
import { listedLocalities } from '@rentals/projections/queries/listingQueries';
import { createLocalityMatcher } from '@rentals/projections/queries/localityMatcher';
import { meiliSearchBody } from '@rentals/projections/queries/searchInMeili';
import { LISTINGS_INDEX } from '@rentals/projections/search/indexSettings';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../services/ports.ts';
import { startApiProcess, type ApiEntry } from './support/apiProcess.ts';
import { startSearchFloor } from './support/searchFloorProcess.ts';
import { cpuByStage, newestProfile, stageTable } from './support/cpuStages.ts';
import { cpuMeter, type CpuSample } from './support/processCpu.ts';
import { load, type LoadRequest, type LoadResult } from './support/load.ts';
import { benchMapSearch } from './support/mapPhase.ts';
import { tenantQueries } from './support/queryMix.ts';
import { fmt } from './support/stats.ts';
import { applyCpuLayout, type CpuLayout } from './support/cpuLayout.ts';
import { BENCH_DIR, startBenchStack } from './support/stack.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const QUERIES = 400;
const ENTRY: ApiEntry = process.env.BENCH_API === 'app' ? 'app' : 'web';
const API = ENTRY === 'web' ? 'web process' : 'API (buildApp alone)';

const stack = await startBenchStack();
const port = await freePort();
const api = await startApiProcess(stack, port, { entry: ENTRY });
const meiliPid = Number(readFileSync(join(BENCH_DIR, 'meili', 'meilisearch.pid'), 'utf8').trim());
const FLOOR = 'floor';
/** CPU µs each process spent per request of a phase. */
const perRequest = (cpu: CpuSample, result: LoadResult) =>
  Object.fromEntries(
    Object.entries(cpu).map(([name, ms]) => [
      name,
      (1000 * ms) / Math.max(1, result.requests.total),
    ]),
  );
const cpuLine = (perRequestUs: Record<string, number>) =>
  Object.entries(perRequestUs)
    .map(([name, us]) => `${name} ${fmt(us, 0)} µs`)
    .join(', ');
let webUsAtSharedPeak: number | undefined;
let floor: Awaited<ReturnType<typeof startSearchFloor>> | undefined;
try {
  const { base, token } = api;

  // The same criteria the API builds (same parser, same locality matcher), sent to Meilisearch directly.
  const matcher = createLocalityMatcher(await listedLocalities(stack.sql));
  const queries = tenantQueries(QUERIES);
  const apiRequests: LoadRequest[] = queries.map((q) => ({
    method: 'GET',
    path: `/api/properties?${q.toString()}`,
    headers: { authorization: `Bearer ${token}` },
  }));
  const directRequests: LoadRequest[] = queries.map((q) => {
    const p = parseSearchParams(q);
    return {
      method: 'POST',
      path: `/indexes/${LISTINGS_INDEX}/search`,
      headers: { authorization: `Bearer ${stack.meiliKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(meiliSearchBody('full', resolvePlaces(matcher, p, 'full'))),
    };
  });

  // Sanity: the API answers every query with 200 and the same totals as Meilisearch.
  let mismatches = 0;
  for (let i = 0; i < 40; i++) {
    const a = (await (
      await fetch(base + apiRequests[i]!.path, { headers: apiRequests[i]!.headers })
    ).json()) as { totalCount: number };
    const d = (await (
      await fetch(stack.meiliUrl + directRequests[i]!.path, {
        method: 'POST',
        headers: directRequests[i]!.headers,
        body: directRequests[i]!.body,
      })
    ).json()) as { totalHits: number };
    if (a.totalCount !== d.totalHits) mismatches++;
  }
  console.log(`[bench] sanity: ${mismatches} of 40 queries differ in total between API and direct`);

  // The floor (support/searchFloor.ts): the same query to Meilisearch and the API's own answer,
  // from a bare server with none of our code.
  const floorEntries = [];
  for (const [i, request] of apiRequests.entries())
    floorEntries.push({
      path: request.path,
      meiliBody: directRequests[i]!.body!,
      answer: await (await fetch(base + request.path, { headers: request.headers })).text(),
    });
  floor = await startSearchFloor(floorEntries, await freePort(), {
    url: stack.meiliUrl,
    key: stack.meiliKey,
    index: LISTINGS_INDEX,
  });
  const startCpu = cpuMeter({ [API]: api.pid!, [FLOOR]: floor.pid, Meilisearch: meiliPid });

  const phase = async (label: string, url: string, requests: LoadRequest[], rate?: number) => {
    const stopCpu = startCpu();
    const result = await load(url, requests, { connections: CONNECTIONS, seconds: SECONDS, rate });
    const cpu = perRequest(stopCpu(), result);
    console.log(
      `[bench] ${label}: ${fmt(result.requests.average, 0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}; CPU per request: ${cpuLine(cpu)}`,
    );
    return Object.assign(result, { cpu });
  };
  // Both layouts in one run: the CPUs shared by everything (the API's own CPU is taken from Meilisearch's),
  // and Meilisearch on CPUs of its own (as on a server of its own: does the API hold its throughput back?).
  const cpuLayout = (layout: CpuLayout) => {
    const meiliDataDir = join(BENCH_DIR, 'meili');
    applyCpuLayout(layout, { meiliDataDir, apiPid: floor!.pid });
    return applyCpuLayout(layout, { meiliDataDir, apiPid: api.pid! });
  };
  const measure = async (layout: CpuLayout) => {
    const cpus = cpuLayout(layout);
    console.log(
      `[bench] CPU layout ${layout}: Meilisearch on CPUs ${cpus.search}, the API and the load on ${cpus.rest}`,
    );
    await load(base, apiRequests, { connections: CONNECTIONS, seconds: 5 }); // warm-up: JIT, caches, pools
    await load(stack.meiliUrl, directRequests, { connections: CONNECTIONS, seconds: 5 });
    await load(floor!.base, apiRequests, { connections: CONNECTIONS, seconds: 5 });
    const apiPeak = await phase(`${API} peak`, base, apiRequests);
    const directPeak = await phase('direct peak', stack.meiliUrl, directRequests);
    const floorPeak = await phase('floor peak', floor!.base, apiRequests);
    const apiHalf = await phase(
      `${API} at half peak`,
      base,
      apiRequests,
      Math.round(apiPeak.requests.average / 2),
    );
    const directHalf = await phase(
      'direct at half peak',
      stack.meiliUrl,
      directRequests,
      Math.round(directPeak.requests.average / 2),
    );
    return { layout, cpus, apiPeak, directPeak, floorPeak, apiHalf, directHalf };
  };
  const runs = [await measure('shared'), await measure('split')];
  cpuLayout('shared'); // the map phase below on every CPU again
  webUsAtSharedPeak = runs[0]!.apiPeak.cpu[API];

  const row = (label: string, r: LoadResult & { cpu: Record<string, number> }) =>
    `| ${label} | ${fmt(r.requests.average, 0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.non2xx} | ${fmt(r.cpu[API] ?? 0, 0)} | ${fmt(r.cpu[FLOOR] ?? 0, 0)} | ${fmt(r.cpu.Meilisearch ?? 0, 0)} | ${fmt(r.cpu['load generator'] ?? 0, 0)} |`;
  console.log(
    `\n${QUERIES} distinct queries, ${CONNECTIONS} connections, ${SECONDS} s per phase\n`,
  );
  for (const { layout, cpus, apiPeak, directPeak, floorPeak, apiHalf, directHalf } of runs) {
    console.log(
      `CPU layout ${layout} (Meilisearch on CPUs ${cpus.search}; the API and the load generator on ${cpus.rest})\n`,
    );
    console.log(
      `| Phase | req/s | p50 ms | p99 ms | errors | CPU µs/request: ${API} | floor server | Meilisearch | load generator |\n|---|---|---|---|---|---|---|---|---|`,
    );
    for (const [label, r] of [
      [`${API} peak`, apiPeak],
      ['Meilisearch direct peak', directPeak],
      ['floor (bare server: the same Meilisearch query, the same answer) peak', floorPeak],
      [`${API} at half of its peak`, apiHalf],
      ['Meilisearch direct at half of its peak', directHalf],
    ] as const)
      console.log(row(label, r));
    const ratio = apiPeak.requests.average / directPeak.requests.average;
    const ofFloor = apiPeak.requests.average / floorPeak.requests.average;
    const floorRatio = floorPeak.requests.average / directPeak.requests.average;
    console.log(
      `\n${layout}: throughput ratio ${API}/direct: ${fmt(ratio, 2)} (bar ≥ ${layout === 'shared' ? '0.80' : '0.95'}); ${API} p99 at half peak: ${apiHalf.latency.p99} ms (bar ≤ 25 ms); ${API}/floor: ${fmt(ofFloor, 2)}, floor/direct: ${fmt(floorRatio, 2)}\n`,
    );
  }
  await benchMapSearch(base, token);
} finally {
  await floor?.stop();
  await api.stop();
  await stack.stop();
}
// BENCH_CPU_PROF: the profile the API wrote on stopping, by stage (the whole run: warm-ups, both
// layouts and the map phase; searches are nearly all of it), priced at the shared peak's CPU per search.
const profileDir = process.env.BENCH_CPU_PROF;
const profile = profileDir ? newestProfile(profileDir) : undefined;
if (profile && webUsAtSharedPeak !== undefined)
  console.log(
    `\nWhere the ${API}'s CPU goes (its profile, ${profileDir}):\n\n${stageTable(cpuByStage(profile), webUsAtSharedPeak)}`,
  );
