import { percentile } from '../../bench/support/stats.ts';
import type { KindSummary } from '../summary.ts';

/** One answered request (or one that got no answer: `status` null). */
export type Sample = { at: number; kind: string; ms: number; status: number | null; ok: boolean };

export type Recorder = {
  add: (sample: Sample) => void;
  samples: () => readonly Sample[];
};

export const newRecorder = (): Recorder => {
  const samples: Sample[] = [];
  return { add: (s) => samples.push(s), samples: () => samples };
};

/** The summary rows of `samples`, one per kind in `kinds` order (kinds not listed follow). */
export const summarise = (samples: readonly Sample[], kinds: readonly string[]): KindSummary[] => {
  const seen = [...new Set([...kinds, ...samples.map((s) => s.kind)])];
  return seen.map((kind) => {
    const of = samples.filter((s) => s.kind === kind);
    const answered = of.filter((s) => s.status !== null).map((s) => s.ms);
    return {
      kind,
      requests: of.length,
      p50: percentile(answered, 50),
      p99: percentile(answered, 99),
      errors: of.filter((s) => !s.ok).length,
    };
  });
};

/** `200×512 404×3` per kind: what the table's errors column does not show. */
export const statusesByKind = (samples: readonly Sample[]) => {
  const by = new Map<string, Map<string, number>>();
  for (const s of samples) {
    const counts = by.get(s.kind) ?? new Map<string, number>();
    const key = s.status === null ? 'no answer' : String(s.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    by.set(s.kind, counts);
  }
  return [...by].map(
    ([kind, counts]) =>
      `${kind}: ${[...counts]
        .sort()
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
  );
};
