/**
 * `npm run bench:lighthouse` — issue 43's "fast on a budget phone": Lighthouse's
 * default (mobile) settings, a mid-range phone on slow 4G with 4× CPU slowdown,
 * simulated, over the pages a tenant uses first, against the real product
 * (web and projections processes, the built site, the basemap):
 *
 *  - `/` and a city page (`/browse/cities/pune`) as a visitor, a listing's
 *    public page (`/browse/{id}`);
 *  - signed in as a tenant: `/properties?city=Pune`, the same on the map
 *    (`&view=map`), a listing (`/properties/{id}`) and `/messages`.
 *
 * Bars per page (issue 43): performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms,
 * CLS ≤ 0.05. The **floor** is the same measure, in the same run, of a tiny
 * static page served by the same web process: what this machine and the
 * simulated network cost any page; each page's LCP is also given as a ratio to it.
 * On the map view the page's own marks give the listings map's first pin after
 * its style loaded (bar: ≤ 1 s on a quiet machine; site/src/islands/map/useFirstPinMark.ts),
 * and the **map floor** (support/mapFloor.ts) is measured too: MapLibre drawing the same
 * basemap at the same camera and size with nothing else on the page, so the map view's TBT
 * can be read as a ratio to what drawing the map alone costs here (WebGL is software here).
 *
 * Options: `--runs N` (3; each page's median run by performance score),
 * `--only a,b` (page names as printed), `--save DIR` (every run's whole report and trace),
 * `--cpu-profile` (V8's samples in the saved traces). Writes `artifacts/bench/lighthouse.json`.
 * Exits non-zero only on an error: a missed bar is a finding, not a failure.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { MAP_MARKS } from '@rentals/core/ui/mapMarks';
import { CHROMIUM_ARGS } from '@rentals/testing/browser';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { confirmEmailAt } from '@rentals/testing/mailbox';
import { ROOT, startProduct, waitForPage } from '@rentals/testing/product';
import { freePort } from '@rentals/infra/services/ports';
import { chromiumPath } from '@rentals/infra/services/systemPrograms';
import { checkMapFloor, mapViewCamera, writeMapFloor } from './support/mapFloor.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 3);
const ONLY = arg('--only')?.split(',');
/** `--save DIR`: each run's whole Lighthouse report, to read the LCP breakdown and the request chains. */
const SAVE = arg('--save');
/** `--cpu-profile` (with `--save`): the saved traces carry V8's samples, to see what a long task ran. */
const CPU_PROFILE = process.argv.includes('--cpu-profile');
const say = (line: string) => console.log(`[bench:lighthouse] ${line}`);

const BARS = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05, firstPinMs: 1000 };

type Page = { name: string; path: string; signedIn: boolean };
type Audit = {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The listings map's first pin after its style loaded (the map view only). */
  firstPinMs?: number;
  /** Where to look: the elements that shifted most, the longest tasks' scripts. */
  shifts: string[];
  longTasks: string[];
};

type Items = { items?: Record<string, unknown>[] } | undefined;
/** The first three rows of an audit's table, each as one line. */
const topRows = (
  lhr: { audits: Record<string, { details?: unknown }> },
  id: string,
  line: (item: Record<string, unknown>) => string,
) => ((lhr.audits[id]?.details as Items)?.items ?? []).slice(0, 3).map(line);
const shiftLine = (item: Record<string, unknown>) =>
  `${(item.node as { selector?: string } | undefined)?.selector ?? '?'} (${Number(item.score).toFixed(3)})`;
const taskLine = (item: Record<string, unknown>) =>
  `${String(item.url)} (${Math.round(Number(item.duration))} ms)`;

/** The page's marks, as Lighthouse's user-timings audit lists them. */
const markTimes = (lhr: { audits: Record<string, { details?: unknown }> }) => {
  const items =
    (lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] })
      ?.items ?? [];
  const at = (name: string) => items.find((item) => item.name === name)?.startTime;
  const style = at(MAP_MARKS.styleLoaded);
  const pin = at(MAP_MARKS.firstPin);
  return style !== undefined && pin !== undefined ? pin - style : undefined;
};

/**
 * One Lighthouse run in a fresh Chromium profile (no cache, no service worker from an earlier
 * page). Signed in, the token is put where the site keeps it (localStorage) from a page that
 * loads nothing else, and Lighthouse is told to keep storage (it would otherwise clear it).
 */
const audit = async (url: string, token?: string): Promise<Audit> => {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const port = await freePort();
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    if (token) {
      const page = await browser.newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.close();
    }
    const result = await lighthouse(url, {
      port,
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(token),
      logLevel: 'error',
      ...(CPU_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (SAVE) {
      mkdirSync(SAVE, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '-') || 'home';
      const stamp = Date.now();
      writeFileSync(join(SAVE, `${name}-${stamp}.json`), JSON.stringify(lhr));
      const { Trace } = result.artifacts as { Trace?: unknown };
      if (Trace) writeFileSync(join(SAVE, `${name}-${stamp}.trace.json`), JSON.stringify(Trace));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    // A signed-in page that sent Lighthouse to the sign-in page measured the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      fcpMs: value('first-contentful-paint'),
      firstPinMs: markTimes(lhr),
      shifts: topRows(lhr, 'layout-shifts', shiftLine),
      longTasks: topRows(lhr, 'long-tasks', taskLine),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
};

/** One run, tried again when Lighthouse could not record it (NO_NAVSTART on a loaded machine). */
const auditWithRetry = async (url: string, token?: string): Promise<Audit> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, token);
    } catch (error) {
      if (attempt === 3) throw error;
      say(`run failed (${(error as Error).message}); trying again`);
    }
  }
};

/** `RUNS` runs of one page; the median by performance score. */
const measure = async (url: string, token?: string): Promise<Audit> => {
  const runs: Audit[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(url, token));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
};

const post = async (base: string, path: string, token: string, body: FormData | object) => {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

const account = async (base: string, mailWebUrl: string, role: 'homeowner' | 'tenant') => {
  const email = `${role}-${crypto.randomUUID()}@bench.test`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: role === 'tenant' ? 'Tara Iyer' : 'Meera Kulkarni',
      email,
      phone: '9876543210',
      password: 'bench-password-1',
      role,
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  await confirmEmailAt(base, email, mailWebUrl);
  return token;
};

/** A camera-like photo: a gradient room with a window, 1600×1200. */
const photo = (seed: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${seed * 47},55%,70%)"/><stop offset="1" stop-color="hsl(${seed * 47 + 40},45%,35%)"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><rect x="500" y="300" width="600" height="500" fill="#f3f4f6"/></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

const AREAS = [
  ['Baner', 18.559, 73.7868],
  ['Kothrud', 18.5074, 73.8077],
  ['Viman Nagar', 18.5679, 73.9143],
  ['Aundh', 18.558, 73.8075],
  ['Hadapsar', 18.5089, 73.926],
  ['Wakad', 18.5986, 73.7639],
] as const;

/** An owner with six photographed listings in Pune, and a tenant who has written about the first. */
const seed = async (base: string, mailWebUrl: string) => {
  const owner = await account(base, mailWebUrl, 'homeowner');
  const tenant = await account(base, mailWebUrl, 'tenant');
  const ids: string[] = [];
  for (const [i, [area, latitude, longitude]] of AREAS.entries()) {
    const form = listingForm(
      {
        ...LISTING_FORM,
        title: `Bright ${1 + (i % 3)}BHK flat in ${area}`,
        rent: String(18_000 + i * 3_500),
        'location[area]': area,
        'location[coordinates][latitude]': String(latitude),
        'location[coordinates][longitude]': String(longitude),
      },
      [{ name: `room-${i}.jpg`, bytes: new Uint8Array(await photo(i)), type: 'image/jpeg' }],
    );
    const { property } = (await post(base, '/properties', owner, form)) as {
      property: { _id: string };
    };
    ids.push(property._id);
  }
  await post(base, '/conversations', tenant, {
    listingId: ids[0],
    body: 'Namaste! Is the flat still available from next month?',
    messageId: crypto.randomUUID(),
  });
  return { tenant, listingId: ids[0]! };
};

/** Waits until the first listing's photo is processed (uploads are answered before). */
const photosReady = async (base: string, token: string, id: string) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/api/properties/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { property?: { images?: unknown[] } };
    if ((body.property?.images?.length ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  say('the photos were not processed in 2 minutes: measuring without them');
};

const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><h1>Floor</h1><p>A static page with no styles, scripts or images: what any page costs here.</p></body></html>`;

const pass = (ok: boolean) => (ok ? 'pass' : 'MISS');
const ms = (n: number | undefined) => (n === undefined ? '—' : `${Math.round(n)} ms`);

const report = (
  floor: Audit,
  results: { page: Page; audit: Audit }[],
  mapFloor: Audit | undefined,
) => {
  const rows = results.map(({ page, audit: a }) => ({
    page: page.name,
    path: page.path,
    signedIn: page.signedIn,
    ...a,
    lcpOverFloor: a.lcpMs / floor.lcpMs,
    met: {
      performance: a.performance >= BARS.performance,
      lcp: a.lcpMs <= BARS.lcpMs,
      tbt: a.tbtMs <= BARS.tbtMs,
      cls: a.cls <= BARS.cls,
      ...(a.firstPinMs === undefined ? {} : { firstPin: a.firstPinMs <= BARS.firstPinMs }),
    },
  }));
  console.log(`
| Page | Performance (≥ ${BARS.performance}) | LCP (≤ ${BARS.lcpMs / 1000} s) | TBT (≤ ${BARS.tbtMs} ms) | CLS (≤ ${BARS.cls}) | LCP ÷ floor |
|---|---|---|---|---|---|
| floor (static page) | ${floor.performance} | ${ms(floor.lcpMs)} | ${ms(floor.tbtMs)} | ${floor.cls.toFixed(3)} | 1.0× |${
    mapFloor
      ? `\n| map floor (MapLibre and the basemap only) | ${mapFloor.performance} | ${ms(mapFloor.lcpMs)} | ${ms(mapFloor.tbtMs)} | ${mapFloor.cls.toFixed(3)} | ${(mapFloor.lcpMs / floor.lcpMs).toFixed(1)}× |`
      : ''
  }
${rows
  .map(
    (r) =>
      `| ${r.page} \`${r.path}\` | ${r.performance} ${pass(r.met.performance)} | ${ms(r.lcpMs)} ${pass(r.met.lcp)} | ${ms(r.tbtMs)} ${pass(r.met.tbt)} | ${r.cls.toFixed(3)} ${pass(r.met.cls)} | ${r.lcpOverFloor.toFixed(1)}× |`,
  )
  .join('\n')}`);
  for (const r of rows)
    if (r.firstPinMs !== undefined)
      say(
        `${r.page}: first pin ${ms(r.firstPinMs)} after the map's style loaded (bar ≤ ${BARS.firstPinMs} ms: ${pass(r.met.firstPin ?? false)})`,
      );
  const map = rows.find((r) => r.page === 'map');
  if (map && mapFloor)
    say(
      `map: TBT ${ms(map.tbtMs)} is ${(map.tbtMs / Math.max(mapFloor.tbtMs, 1)).toFixed(2)}× the map floor's ${ms(mapFloor.tbtMs)} (MapLibre drawing the basemap alone)`,
    );
  if (map && map.firstPinMs === undefined)
    say('map: no first pin within the Lighthouse run (no mark map-first-pin)');
  const out = join(ROOT, 'artifacts', 'bench');
  mkdirSync(out, { recursive: true });
  const file = join(out, 'lighthouse.json');
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, bars: BARS, floor, mapFloor, pages: rows }, null, 2)}\n`,
  );
  say(`summary written to ${file}`);
};

const PAGES: Page[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'city', path: '/browse/cities/pune', signedIn: false },
  { name: 'public-listing', path: '/browse/{id}', signedIn: false },
  { name: 'properties', path: '/properties?city=Pune', signedIn: true },
  { name: 'map', path: '/properties?city=Pune&view=map', signedIn: true },
  { name: 'listing', path: '/properties/{id}', signedIn: true },
  { name: 'messages', path: '/messages', signedIn: true },
];

/** The map floor at the camera the map view settles on (support/mapFloor.ts). */
const measureMapFloor = async (base: string, token: string, dir: string) => {
  const camera = await mapViewCamera(`${base}${PAGES.find((p) => p.name === 'map')!.path}`, token);
  const path = await writeMapFloor(dir, camera);
  await checkMapFloor(`${base}${path}`);
  say(
    `map floor: ${RUNS} run(s) of MapLibre alone at ${camera.lat.toFixed(3)}, ${camera.lng.toFixed(3)}, zoom ${camera.zoom.toFixed(1)}…`,
  );
  return measure(`${base}${path}`);
};

const main = async () => {
  const stack = await startProduct({ site: true, geo: true });
  try {
    const base = await stack.startProcesses();
    say('seeding an owner, six listings with photos in Pune, a tenant and a conversation…');
    const { tenant, listingId } = await seed(base, stack.mailWebUrl);
    await stack.waitForSearchIdle();
    await photosReady(base, tenant, listingId);
    await waitForPage(`${base}/browse/cities/pune`, (body) => body.includes('Baner'));
    await waitForPage(`${base}/browse/${listingId}`, (body) => body.includes('Baner'));
    // The floor: a static page the web process serves as it serves the generated public pages.
    mkdirSync(join(stack.dataDir, 'public-site', 'browse', 'bench'), { recursive: true });
    writeFileSync(join(stack.dataDir, 'public-site', 'browse', 'bench', 'floor.html'), FLOOR_HTML);
    say(`floor: ${RUNS} run(s) of a static page…`);
    const floor = await measure(`${base}/browse/bench/floor`);
    const pages = PAGES.filter((p) => !ONLY || ONLY.includes(p.name));
    const mapFloor = pages.some((p) => p.name === 'map')
      ? await measureMapFloor(base, tenant, join(stack.dataDir, 'public-site', 'browse', 'bench'))
      : undefined;
    const results: { page: Page; audit: Audit }[] = [];
    for (const page of pages) {
      const path = page.path.replace('{id}', listingId);
      say(`${page.name}: ${RUNS} run(s) of ${path}${page.signedIn ? ' (signed in)' : ''}…`);
      const result = await measure(`${base}${path}`, page.signedIn ? tenant : undefined);
      say(
        `${page.name}: performance ${result.performance}, LCP ${ms(result.lcpMs)}, TBT ${ms(result.tbtMs)}, CLS ${result.cls.toFixed(3)}`,
      );
      if (result.cls > BARS.cls) say(`  shifted: ${result.shifts.join('; ')}`);
      if (result.tbtMs > BARS.tbtMs) say(`  long tasks: ${result.longTasks.join('; ')}`);
      results.push({ page: { ...page, path }, audit: result });
    }
    report(floor, results, mapFloor);
  } finally {
    await stack.stop();
  }
};

await main();
