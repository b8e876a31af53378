// The map search's phase of `npm run bench:search` (issue 15/16): the viewports a tenant's map
// asks for, one request at a time so that each request's time is the server's, with the answer's
// size as sent (gzip). Bar: the whole-India view ≤ 150 ms server time and ≤ 150 KB gzip.
import { request } from 'node:http';
import { fmt, percentile } from './stats.ts';

const REQUESTS = Number(process.env.BENCH_MAP_REQUESTS ?? 60);

/** The views measured: the country as the map first opens, and a city as a search for it frames it. */
export const MAP_VIEWS = [
  { label: 'whole India', query: 'bbox=68,6,98,37.5&zoom=5' },
  { label: 'Bengaluru', query: 'city=Bengaluru&bbox=77.35,12.8,77.85,13.15&zoom=11' },
  {
    label: 'Bengaluru, houses 3+ bedrooms, rent ≤ 40k',
    query:
      'city=Bengaluru&propertyType=house&bedrooms=3&maxRent=40000&bbox=77.35,12.8,77.85,13.15&zoom=11',
  },
  {
    label: 'Bengaluru, flats 2+ bedrooms',
    query: 'city=Bengaluru&propertyType=flat&bedrooms=2&bbox=77.35,12.8,77.85,13.15&zoom=11',
  },
] as const;

type Sample = { ms: number; serverMs: number; bytes: number; status: number; total: number };

/** One GET as a browser sends it (gzip accepted); the bytes are those on the wire. */
const once = (base: string, path: string, token?: string) =>
  new Promise<Sample>((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${base}${path}`,
      {
        headers: {
          'accept-encoding': 'gzip',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          const timing = /search;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
          resolve({
            ms: performance.now() - started,
            serverMs: timing ? Number(timing[1]) : NaN,
            bytes,
            status: res.statusCode ?? 0,
            total: Number(res.headers['x-map-total'] ?? NaN),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });

/** Runs every view for a signed-in user and a visitor and prints a table; returns the rows. */
export const benchMapSearch = async (base: string, token: string) => {
  const rows: string[] = [];
  for (const view of MAP_VIEWS)
    for (const [audience, auth] of [
      ['signed in', token],
      ['visitor', undefined],
    ] as const) {
      const path = `/api/properties/map?${view.query}`;
      for (let i = 0; i < 5; i++) await once(base, path, auth); // warm-up
      const samples: Sample[] = [];
      for (let i = 0; i < REQUESTS; i++) samples.push(await once(base, path, auth));
      const bad = samples.filter((s) => s.status !== 200).length;
      const server = samples.map((s) => s.serverMs);
      const wall = samples.map((s) => s.ms);
      rows.push(
        `| ${view.label} | ${audience} | ${samples[0]!.total} | ${fmt(percentile(server, 50))} | ${fmt(percentile(server, 99))} | ${fmt(percentile(wall, 50))} | ${fmt(percentile(wall, 99))} | ${fmt(Math.max(...samples.map((s) => s.bytes)) / 1024)} | ${bad} |`,
      );
    }
  console.log(
    `\nMap search, ${REQUESTS} sequential requests per row (server time from Server-Timing)\n`,
  );
  console.log(
    '| View | Caller | Matches | server p50 ms | server p99 ms | client p50 ms | client p99 ms | gzip KB | non-200 |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of rows) console.log(row);
  console.log('\nbar: whole India ≤ 150 ms server time and ≤ 150 KB gzip');
  return rows;
};
