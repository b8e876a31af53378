/**
 * A load scenario (mix/*.ts) as a k6 script: the scenario's setup flow in
 * k6's setup(), one scenario iteration per k6 iteration, each request tagged
 * with its kind, the bars as thresholds, and the summary table of the
 * autocannon runner (summary.ts) from handleSummary. The inputs are the files
 * `npm run load -- --write-inputs` writes (runner/inputs.ts), opened in k6's
 * init context, where the scripts call k6Script.
 */
import exec from 'k6/execution';
import http from 'k6/http';
import type { Options } from 'k6/options';
import type { Place } from '../mix/places.ts';
import type { AnyScenario, Inputs, LoadRequest } from '../mix/scenario.ts';
import { summaryTable, type KindSummary } from '../summary.ts';

const BASE_URL = __ENV.BASE_URL ?? 'http://localhost:3000';
const SECONDS = Number(__ENV.DURATION_SECONDS ?? 30);
const CONNECTIONS = Number(__ENV.CONNECTIONS ?? 8);
/** Requests per second (as the autocannon runner's --rate); turned into iterations per second. */
const RATE = __ENV.RATE ? Number(__ENV.RATE) : undefined;

const send = (r: LoadRequest, tag: string) =>
  http.request(
    r.method,
    BASE_URL + r.path,
    r.body === undefined || typeof r.body === 'string'
      ? (r.body ?? null)
      : (r.body.buffer.slice(
          r.body.byteOffset,
          r.body.byteOffset + r.body.byteLength,
        ) as ArrayBuffer),
    {
      headers: r.headers ?? {},
      tags: { kind: tag },
      responseCallback: http.expectedStatuses(...r.expect),
      timeout: '10s',
    },
  );

type Metric = { values: Record<string, number> };

export const k6Script = (scenario: AnyScenario) => {
  const inputs: Inputs = {
    places: JSON.parse(open('../data/places.json')) as Place[],
    photo: new Uint8Array(open('../data/photo.jpg', 'b')),
  };
  const bars: Record<string, number> = scenario.p99Bars ?? {};
  const thresholds: Record<string, string[]> = {};
  for (const kind of scenario.kinds) {
    thresholds[`http_reqs{kind:${kind}}`] = ['count>=0'];
    thresholds[`http_req_failed{kind:${kind}}`] = ['rate==0'];
    const bar = bars[kind];
    thresholds[`http_req_duration{kind:${kind}}`] = [
      bar === undefined ? 'max>=0' : `p(99)<=${bar}`,
    ];
  }
  const stepsPerIteration = scenario.steps.length;
  const options: Options = {
    thresholds,
    summaryTrendStats: ['avg', 'p(50)', 'p(99)', 'max'],
    scenarios: {
      [scenario.name]: RATE
        ? {
            executor: 'constant-arrival-rate',
            rate: Math.max(1, Math.round(RATE / stepsPerIteration)),
            timeUnit: '1s',
            duration: `${SECONDS}s`,
            preAllocatedVUs: CONNECTIONS,
          }
        : { executor: 'constant-vus', vus: CONNECTIONS, duration: `${SECONDS}s` },
    },
  };

  const setup = () => {
    const flow = scenario.setup(inputs);
    const state: unknown = flow.start();
    for (const step of flow.steps) {
      const r = step.request(state);
      if (!r) continue;
      const res = send(r, `setup ${r.kind}`);
      if (!r.expect.includes(res.status))
        exec.test.abort(`setup: ${r.method} ${r.path} (${r.kind}) answered ${res.status}`);
      step.response?.(state, res.status, typeof res.body === 'string' ? res.body : '');
    }
    return state;
  };

  const iteration = (shared: unknown) => {
    const state: unknown = scenario.iteration(shared, exec.scenario.iterationInTest, inputs);
    for (const step of scenario.steps) {
      const r = step.request(state);
      if (!r) return;
      const res = send(r, r.kind);
      step.response?.(state, res.status, typeof res.body === 'string' ? res.body : '');
    }
  };

  const handleSummary = (data: {
    metrics: Record<string, Metric | undefined>;
    state: { testRunDurationMs: number };
  }) => {
    const rows: KindSummary[] = scenario.kinds.map((kind) => ({
      kind,
      requests: data.metrics[`http_reqs{kind:${kind}}`]?.values.count ?? 0,
      p50: data.metrics[`http_req_duration{kind:${kind}}`]?.values['p(50)'] ?? NaN,
      p99: data.metrics[`http_req_duration{kind:${kind}}`]?.values['p(99)'] ?? NaN,
      errors: data.metrics[`http_req_failed{kind:${kind}}`]?.values.passes ?? 0,
    }));
    const table = summaryTable(
      `${scenario.name} (k6)`,
      data.state.testRunDurationMs / 1000,
      rows,
      bars,
    );
    return { stdout: `\n${table}\n` };
  };

  return { options, setup, iteration, handleSummary };
};
