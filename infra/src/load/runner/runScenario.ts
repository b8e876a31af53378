import type { AnyScenario, Inputs } from '../mix/scenario.ts';
import { summaryTable } from '../summary.ts';
import { drive, type DriveOptions } from './autocannonRunner.ts';
import { newRecorder, statusesByKind, summarise } from './recorder.ts';
import { runSetup } from './setupFlow.ts';

/**
 * One scenario with the autocannon runner: its setup against the target,
 * then the load; returns the samples with the same table k6's handleSummary
 * prints, and the kinds whose p99 is over its bar.
 */
export const runScenario = async (scenario: AnyScenario, inputs: Inputs, options: DriveOptions) => {
  const shared: unknown = await runSetup(options.baseUrl, scenario.setup(inputs));
  const recorder = newRecorder();
  const started = Date.now();
  await drive(scenario, shared, inputs, recorder, options);
  const seconds = (Date.now() - started) / 1000;
  const samples = recorder.samples();
  const rows = summarise(samples, scenario.kinds);
  const bars = scenario.p99Bars ?? {};
  return {
    samples,
    rows,
    table: summaryTable(`${scenario.name} (autocannon)`, seconds, rows, bars),
    statuses: statusesByKind(samples),
    overBar: rows.filter((r) => bars[r.kind] !== undefined && r.p99 > bars[r.kind]!),
  };
};
