/**
 * The table both runners print at the end (the autocannon runner and the k6
 * scripts' handleSummary): one row per request kind. Pure, for k6.
 */
export type KindSummary = {
  kind: string;
  requests: number;
  /** Median and 99th percentile in ms; NaN when no request of the kind was answered. */
  p50: number;
  p99: number;
  /** Requests answered with a status the scenario does not expect, or not answered at all. */
  errors: number;
};

/** 12,345.6 (k6's runtime has no Intl). */
const num = (n: number, digits = 0) => {
  if (!Number.isFinite(n)) return '–';
  const [whole, fraction] = n.toFixed(digits).split('.');
  return whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (fraction ? `.${fraction}` : '');
};

export const summaryTable = (
  title: string,
  seconds: number,
  rows: readonly KindSummary[],
  bars: Readonly<Record<string, number>> = {},
): string => {
  const total = rows.reduce((n, r) => n + r.requests, 0);
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  return [
    `${title}: ${num(total)} requests in ${num(seconds, 1)} s (${num(total / seconds, 1)} req/s), ${num(errors)} errors`,
    '',
    '| Request | requests | req/s | p50 ms | p99 ms | p99 bar ms | errors |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.kind} | ${num(r.requests)} | ${num(r.requests / seconds, 1)} | ${num(r.p50, 1)} | ${num(r.p99, 1)} | ${bars[r.kind] === undefined ? '' : `≤ ${num(bars[r.kind]!)}`} | ${num(r.errors)} |`,
    ),
  ].join('\n');
};
