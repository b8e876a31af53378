/**
 * `npm run bench:site` — the static public site's bars (DESIGN §12, issue 7),
 * measured in one run on this machine:
 *
 *  1. full regeneration of every page for N listings (default 200,000; `--listings N`)
 *     in pages/s, against Astro building a trivial page (`--astro-pages M`, default
 *     20,000) with the installed astro, in the same run (DESIGN's bar: ≥ 4×);
 *  2. a listing change → the updated city page served by the real web process,
 *     through the real projections process and its regenerator (bar: ≤ 5 s);
 *  3. the gzip weight of a city page (HTML + CSS + JS);
 *  4. Lighthouse performance, accessibility and SEO of a city page in English,
 *     Hindi and Kannada in Debian's Chromium (bars: ≥ 95, 95, 100); `--no-lighthouse` skips it.
 *
 * The listings are generated straight into the public read model (the table
 * the pages are built from) so the run measures page generation, not seeding.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Sql } from 'postgres';
import sharp from 'sharp';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { progressBar } from '../cli/progress.ts';
import { measureWriteFloor } from './support/siteWriteFloor.ts';
import {
  appendListingEvent,
  createdEvent,
  seededListing,
} from '@rentals/testing/publicSiteFixtures';
import { startProduct, waitForPage } from '@rentals/testing/product';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const LISTINGS = arg('--listings', 200_000);
const ASTRO_PAGES = arg('--astro-pages', 20_000);
const LATENCY_TRIALS = arg('--trials', 5);
/** Lighthouse takes minutes of both cores: a run about the generator's speed can leave it out. */
const LIGHTHOUSE = !process.argv.includes('--no-lighthouse');
/** `--hash`: a digest of every file the full build wrote, to show a change to the generator kept the bytes. */
const HASH = process.argv.includes('--hash');
const say = (line: string) => console.log(`[bench:site] ${line}`);
/** User and system CPU apart: the system part is mostly the file system, whose state varies (support/siteWriteFloor.ts). */
const cpuSplit = (used: NodeJS.CpuUsage) =>
  `${(used.user / 1e6).toFixed(1)} s user + ${(used.system / 1e6).toFixed(1)} s system`;

const CITIES = [
  'Mumbai',
  'Bengaluru',
  'Pune',
  'Hyderabad',
  'Chennai',
  'New Delhi',
  'Gurugram',
  'Noida',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Chandigarh',
  'Kochi',
  'Indore',
  'Lucknow',
  'Nagpur',
  'Coimbatore',
  'Bhopal',
  'Surat',
  'Vadodara',
  'Visakhapatnam',
  'Thiruvananthapuram',
  'Mysuru',
  'Nashik',
  'Dehradun',
  'Bhubaneswar',
  'Guwahati',
  'Patna',
  'Ranchi',
  'Raipur',
  'Mangaluru',
  'Madurai',
  'Vijayawada',
  'Ludhiana',
  'Amritsar',
  'Kanpur',
  'Varanasi',
  'Agra',
  'Goa',
  'Udaipur',
];

const seedPublicModel = async (sql: Sql, placeholder: string) => {
  // Skewed like a real market: the first cities hold most listings. Deterministic (setseed).
  await sql`SELECT setseed(0.42)`;
  await sql`
    INSERT INTO listing_public (id, owner_id, title, description, property_type, city, city_key, bedrooms, bathrooms,
      coarse_lat, coarse_lng, show_on_map, images, owner, listed, is_verified, created_at, updated_at)
    SELECT 'b' || lpad(g::text, 7, '0'), 'owner-' || (g % 5000),
      (ARRAY['Spacious', 'Sunny', 'Quiet', 'Modern', 'Cosy', 'Airy'])[1 + g % 6] || ' ' || (1 + g % 4) || ' BHK '
        || (ARRAY['flat', 'house', 'PG room'])[1 + g % 3] || ' close to the metro and markets',
      'Well kept home with good light, cross ventilation and friendly neighbours. Close to schools, '
        || 'hospitals and the main road; groceries and buses within a short walk. Ready to move in.',
      (ARRAY['flat', 'house', 'PG'])[1 + g % 3],
      city, trim(lower(regexp_replace(city, '[^A-Za-z0-9]+', ' ', 'g'))),
      1 + g % 4, 1 + g % 3, 18.5, 73.8, true,
      jsonb_build_array(jsonb_build_object(
        'id', 'img' || g, 'url', '/browse/_assets/bench/photo-1200.webp', 'caption', '',
        'width', 1200, 'height', 900, 'placeholder', ${placeholder}::text,
        'variants', jsonb_build_array(
          jsonb_build_object('width', 400, 'height', 300, 'url', '/browse/_assets/bench/photo-400.webp'),
          jsonb_build_object('width', 1200, 'height', 900, 'url', '/browse/_assets/bench/photo-1200.webp')))),
      jsonb_build_object('name', (ARRAY['Asha Rao', 'Vikram Mehta', 'Priya Nair', 'Rahul Gupta'])[1 + g % 4],
        'role', (ARRAY['homeowner', 'broker'])[1 + g % 2]),
      true, g % 5 = 0,
      timestamptz '2026-01-01' + g * interval '1 minute', timestamptz '2026-01-01' + g * interval '1 minute'
    FROM (SELECT g, (${CITIES}::text[])[1 + floor(power(random(), 2.2) * ${CITIES.length})::int] AS city
          FROM generate_series(1, ${LISTINGS}) g) AS s`;
  await sql`INSERT INTO listing_view_counts (listing_id, views)
            SELECT id, (abs(hashtext(id)) % 900)::bigint FROM listing_public`;
  await sql`ANALYZE listing_public`;
};

const photos = async (dir: string) => {
  mkdirSync(dir, { recursive: true });
  const svg = (w: number, h: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g"><stop offset="0" stop-color="#93c5fd"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="30%" y="35%" width="40%" height="45%" fill="#f3f4f6"/></svg>`,
    );
  for (const w of [400, 1200])
    writeFileSync(
      join(dir, `photo-${w}.webp`),
      await sharp(svg(w, (w * 3) / 4))
        .webp({ quality: 70 })
        .toBuffer(),
    );
  const tiny = await sharp(svg(16, 12)).webp({ quality: 30 }).toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
};

const run = (cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });

/**
 * Folders the bench removes only when it ends: deleting tens of thousands of files between two
 * timed phases would slow the next one's file creation (ext4 without a journal; support/siteWriteFloor.ts).
 */
const removeAtEnd: string[] = [];

/** Astro's own rate for a trivial page: a throwaway project with M copies of one tiny page. */
const astroTrivial = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'astro-trivial-'));
  removeAtEnd.push(dir);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(
    join(dir, 'package.json'),
    '{"name":"astro-trivial","private":true,"type":"module"}',
  );
  writeFileSync(join(dir, 'astro.config.mjs'), "export default { output: 'static' };\n");
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  writeFileSync(
    join(dir, 'src/pages/[n].astro'),
    `---\nexport function getStaticPaths() {\n  return Array.from({ length: ${ASTRO_PAGES} }, (_, i) => ({ params: { n: String(i + 1) } }));\n}\nconst { n } = Astro.params;\n---\n<html lang="en"><head><title>Page {n}</title></head><body><h1>Page {n}</h1></body></html>\n`,
  );
  const started = performance.now();
  // Bun.spawn, for the build's CPU time (its rusage): on a shared machine the wall clock is not all its own.
  const astro = Bun.spawn(
    [join(ROOT, 'node_modules/.bin/bun'), '--bun', join(ROOT, 'node_modules/.bin/astro'), 'build'],
    { cwd: dir, stdout: 'pipe', stderr: 'pipe' },
  );
  const [code, out, err] = await Promise.all([
    astro.exited,
    new Response(astro.stdout).text(),
    new Response(astro.stderr).text(),
  ]);
  if (code !== 0) throw new Error(`astro build exited ${code}:\n${out}${err}`);
  const seconds = (performance.now() - started) / 1000;
  const usage = astro.resourceUsage()!;
  const cpuSeconds = Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6;
  return {
    pages: ASTRO_PAGES,
    seconds,
    rate: ASTRO_PAGES / seconds,
    cpuRate: ASTRO_PAGES / cpuSeconds,
  };
};

const lighthouse = async (url: string) => {
  const out = join(tmpdir(), `lighthouse-${process.pid}.json`);
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  try {
    await run(
      join(ROOT, 'node_modules/.bin/bun'),
      [
        join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility,seo',
        '--form-factor=mobile',
        `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --user-data-dir=${profile}`,
      ],
      ROOT,
      { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
    );
    const report = (await Bun.file(out).json()) as {
      categories: Record<string, { score: number }>;
    };
    return Object.fromEntries(
      Object.entries(report.categories).map(([k, v]) => [k, Math.round(v.score * 100)]),
    );
  } finally {
    rmSync(out, { force: true });
    rmSync(profile, { recursive: true, force: true });
  }
};

/** SHA-256 over every file's path and bytes, in path order. */
const digestTree = (dir: string): string => {
  const hash = createHash('sha256');
  const walk = (sub: string) => {
    for (const e of readdirSync(join(dir, sub), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const rel = join(sub, e.name);
      if (e.isDirectory()) walk(rel);
      else hash.update(`${rel}\0`).update(readFileSync(join(dir, rel)));
    }
  };
  walk('');
  return hash.digest('hex');
};

const countFiles = (dir: string, ext: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) =>
      n + (e.isDirectory() ? countFiles(join(dir, e.name), ext) : e.name.endsWith(ext) ? 1 : 0),
    0,
  );

const stack = await startProduct();
try {
  const outDir = join(stack.dataDir, 'public-site');
  say(`seeding ${LISTINGS.toLocaleString('en-IN')} listings into the public read model…`);
  const placeholder = await photos(join(outDir, 'browse/_assets/bench'));
  let t = performance.now();
  await seedPublicModel(stack.sql, placeholder);
  say(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // 1. Full regeneration, between two Astro runs.
  say(`Astro (before ours): building a trivial page ${ASTRO_PAGES} times…`);
  const astroBefore = await astroTrivial();
  say(
    `Astro before: ${astroBefore.seconds.toFixed(1)} s = ${Math.round(astroBefore.rate)} pages/s`,
  );
  say('full regeneration (npm run site:build does the same)…');
  const bar = progressBar('listings', LISTINGS);
  let peakRss = 0;
  const cpuBefore = process.cpuUsage();
  t = performance.now();
  const report = await fullBuild({
    sql: stack.sql,
    outDir,
    siteUrl: 'http://127.0.0.1',
    onProgress: (done) => {
      bar.update(done);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    },
  });
  bar.done();
  const fullSeconds = (performance.now() - t) / 1000;
  const cpuUsed = process.cpuUsage(cpuBefore);
  const fullCpuSeconds = (cpuUsed.user + cpuUsed.system) / 1e6;
  // Every language's pages: /browse/… and the Hindi and Kannada cities index and city pages.
  const htmlPages = countFiles(outDir, '.html');
  const ours = htmlPages / fullSeconds;
  say(
    `${htmlPages.toLocaleString('en-IN')} pages (${report.cities.length} cities) in ${fullSeconds.toFixed(1)} s = ${Math.round(ours)} pages/s, peak RSS ${Math.round(peakRss / 2 ** 20)} MiB; ${JSON.stringify(report.timings)}`,
  );
  if (HASH) say(`every file written: sha256 ${digestTree(outDir)}`);

  // The floor: the same files written with nothing rendered, by the same writer (support/siteWriteFloor.ts).
  say('the floor: writing the same files with nothing rendered…');
  const floor = await measureWriteFloor(outDir, join(stack.dataDir, 'public-site-floor'), [
    join(outDir, 'browse/_assets/bench'),
  ]);
  say(
    `floor: ${floor.files.toLocaleString('en-IN')} files (${(floor.bytes / 2 ** 30).toFixed(2)} GiB) in ${floor.seconds.toFixed(1)} s = ${Math.round(floor.files / floor.seconds)} files/s, CPU ${cpuSplit(floor.cpu)}; the build: CPU ${cpuSplit(cpuUsed)}, ${(fullSeconds / floor.seconds).toFixed(2)}× the floor's time`,
  );

  say(`Astro (after ours): building a trivial page ${ASTRO_PAGES} times…`);
  const astroAfter = await astroTrivial();
  say(`Astro after: ${astroAfter.seconds.toFixed(1)} s = ${Math.round(astroAfter.rate)} pages/s`);
  // The machine is shared: compare with Astro's better run, the stricter ratio.
  const astro = astroAfter.rate > astroBefore.rate ? astroAfter : astroBefore;
  // Per CPU second (ours: this process, every thread; Astro: its process), what other load cannot skew as much.
  const oursPerCpu = htmlPages / fullCpuSeconds;
  const astroPerCpu = Math.max(astroBefore.cpuRate, astroAfter.cpuRate);
  say(
    `per CPU second: ours ${Math.round(oursPerCpu)} pages (${fullCpuSeconds.toFixed(1)} s of CPU), Astro ${Math.round(astroPerCpu)} pages: ${(oursPerCpu / astroPerCpu).toFixed(1)}×`,
  );

  // 2. Change → served, through the real processes.
  const baseUrl = await stack.startProcesses({ PROJECTION_POLL_MS: '200' });
  const store = createEventStore(stack.sql);
  const biggest = (
    await stack.sql<{ city: string; slug: string; n: number }[]>`
      SELECT mode() WITHIN GROUP (ORDER BY city) AS city, public_site_city_slug(city) AS slug, count(*)::int AS n
      FROM listing_public WHERE listed GROUP BY 2 ORDER BY 3 DESC LIMIT 1`
  )[0]!;
  const latencies: number[] = [];
  for (let i = 1; i <= LATENCY_TRIALS; i++) {
    const listing = {
      ...seededListing(900_000 + i, biggest.city),
      title: `Bench trial ${i} freshly listed flat`,
    };
    const started = performance.now();
    await appendListingEvent(store, createdEvent(listing, 10_000_000 + i));
    await waitForPage(
      `${baseUrl}/browse/cities/${biggest.slug}`,
      (body) => body.includes(listing.title),
      60_000,
    );
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const median = latencies[Math.floor(latencies.length / 2)]!;
  say(
    `change → served on ${biggest.city} (${biggest.n.toLocaleString('en-IN')} listings): median ${Math.round(median)} ms, max ${Math.round(latencies.at(-1)!)} ms over ${LATENCY_TRIALS} trials`,
  );
  const rebuilt = stack
    .logs()
    .split('\n')
    .filter((l) => l.includes('public site: rebuilt'))
    .at(-1);
  if (rebuilt) say(`last regenerator line: ${rebuilt.trim()}`);

  // 3. Weight of a city page.
  const cityUrl = `${baseUrl}/browse/cities/${biggest.slug}`;
  const htmlText = await (await fetch(cityUrl)).text();
  const cssHref = /<link rel="stylesheet" href="([^"]+)"/.exec(htmlText)?.[1];
  const cssText = cssHref ? await (await fetch(`${baseUrl}${cssHref}`)).text() : '';
  const htmlGz = gzipSync(htmlText).length;
  const cssGz = gzipSync(cssText).length;
  const scripts = (htmlText.match(/<script(?![^>]*application\/ld\+json)/g) ?? []).length;
  say(
    `city page gzip: HTML ${(htmlGz / 1024).toFixed(1)} KB + CSS ${(cssGz / 1024).toFixed(1)} KB + JS 0 KB (${scripts} scripts) = ${((htmlGz + cssGz) / 1024).toFixed(1)} KB`,
  );

  // 4. Lighthouse, on the city page in each language.
  const languages = LIGHTHOUSE ? ['', '/hi', '/kn'] : [];
  const allScores: Record<string, number>[] = [];
  for (const prefix of languages) {
    const url = `${baseUrl}${prefix}/browse/cities/${biggest.slug}`;
    const scores = await lighthouse(url);
    allScores.push(scores);
    say(`Lighthouse (mobile) on ${url.replace(baseUrl, '')}: ${JSON.stringify(scores)}`);
  }
  const lowest = (key: string) => Math.min(...allScores.map((s) => s[key] ?? 0));
  const scores = {
    performance: lowest('performance'),
    accessibility: lowest('accessibility'),
    seo: lowest('seo'),
  };

  console.log(`
| Measure | Result | Bar |
|---|---|---|
| Full regeneration, ${LISTINGS.toLocaleString('en-IN')} listings | ${htmlPages.toLocaleString('en-IN')} pages in ${fullSeconds.toFixed(1)} s = **${Math.round(ours)} pages/s** (peak RSS ${Math.round(peakRss / 2 ** 20)} MiB) | |
| Astro, trivial page ×${ASTRO_PAGES}, before / after ours | ${Math.round(astroBefore.rate)} / ${Math.round(astroAfter.rate)} pages/s (the better: **${Math.round(astro.rate)} pages/s**) | |
| Ratio ours / Astro | **${(ours / astro.rate).toFixed(1)}×** (per CPU second: ${(oursPerCpu / astroPerCpu).toFixed(1)}×) | ≥ 4× |
| The floor: the same ${floor.files.toLocaleString('en-IN')} files written with nothing rendered | ${floor.seconds.toFixed(1)} s = ${Math.round(floor.files / floor.seconds)} files/s, **${(floor.files / floor.seconds / astro.rate).toFixed(1)}× Astro**; the build took **${(fullSeconds / floor.seconds).toFixed(2)}×** the floor's time | |
| Listing created → its city page served (${biggest.city}, ${biggest.n.toLocaleString('en-IN')} listings) | median **${Math.round(median)} ms**, max ${Math.round(latencies.at(-1)!)} ms (${LATENCY_TRIALS} trials) | ≤ 5 s |
| City page weight, gzip | HTML ${(htmlGz / 1024).toFixed(1)} KB + CSS ${(cssGz / 1024).toFixed(1)} KB + JS 0 KB = **${((htmlGz + cssGz) / 1024).toFixed(1)} KB** | ≤ 50 KB |
${LIGHTHOUSE ? `| Lighthouse performance / accessibility / SEO (lowest of English, Hindi, Kannada) | **${scores.performance} / ${scores.accessibility} / ${scores.seo}** | ≥ 95 / 95 / 100 |\n` : ''}`);
} finally {
  await stack.stop();
  for (const dir of removeAtEnd) rmSync(dir, { recursive: true, force: true });
}
