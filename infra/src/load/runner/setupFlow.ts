import type { LoadRequest, SetupFlow } from '../mix/scenario.ts';

/** A scenario request sent with fetch (the setup's few requests, not the load). */
export const sendOnce = async (baseUrl: string, r: LoadRequest) => {
  const res = await fetch(baseUrl + r.path, {
    method: r.method,
    headers: r.headers,
    body: r.body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
};

/**
 * Runs a scenario's setup flow against the target, in order; a step with
 * nothing to send is skipped, and an unexpected status stops the run (the
 * load would measure nothing useful).
 */
export const runSetup = async <Shared>(baseUrl: string, flow: SetupFlow<Shared>) => {
  const state = flow.start();
  for (const step of flow.steps) {
    const request = step.request(state);
    if (!request) continue;
    const { status, body } = await sendOnce(baseUrl, request);
    if (!request.expect.includes(status))
      throw new Error(
        `setup: ${request.method} ${request.path} (${request.kind}) answered ${status}: ${body.slice(0, 300)}`,
      );
    step.response?.(state, status, body);
  }
  return state;
};
