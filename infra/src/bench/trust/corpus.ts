import { createRandom } from '../../seed/random.ts';

/**
 * What bench:trust plants and measures, signal by signal: a labelled set
 * planted into the bench stack's seed (the true cases) and a sample of the
 * seed's own listings (honest, as the seed makes them) to count false alarms.
 */
export type SignalResult = {
  signal: string;
  planted: number;
  caught: number;
  honest: number;
  falseAlarms: number;
  /** The bars: recall at least, false alarms at most (of honest listings). */
  recallBar: number;
  falseAlarmBar: number;
  /** What else a reader should know: the variants planted, the time a check takes. */
  notes: string[];
};

/** The seed's listing ids (`bench-0000123`), as its generator names them. */
export const benchListingId = (n: number) => `bench-${String(n).padStart(7, '0')}`;

/** `count` distinct listing numbers of a seed of `size`, the same every run (seeded by `salt`). */
export const sampleListingNumbers = (size: number, count: number, salt: number): number[] => {
  const random = createRandom(salt);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, size)) chosen.add(random.int(0, size - 1));
  return [...chosen];
};

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The results as a table, each signal against its bars. */
export const resultTable = (results: SignalResult[]): string => {
  const rows = results.map((r) => {
    const recall = r.planted === 0 ? 0 : r.caught / r.planted;
    const falseRate = r.honest === 0 ? 0 : r.falseAlarms / r.honest;
    const met = recall >= r.recallBar && falseRate <= r.falseAlarmBar;
    return [
      r.signal,
      `${r.caught}/${r.planted} = ${pct(recall)} (bar ≥ ${pct(r.recallBar)})`,
      `${r.falseAlarms}/${r.honest} = ${pct(falseRate)} (bar ≤ ${pct(r.falseAlarmBar)})`,
      met ? 'met' : 'MISSED',
    ];
  });
  const header = ['signal', 'recall', 'false alarms on honest listings', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const notes = results.flatMap((r) => r.notes.map((n) => `  ${r.signal}: ${n}`));
  return [line(header), ...rows.map(line), '', ...notes].join('\n');
};
