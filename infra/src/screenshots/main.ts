// `npm run screenshots`
// The product's main screens (home, map search, a search within a drawn area,
// a listing's detail, a city's pre-rendered page, saved searches, a visit booked from a
// conversation, a broker's dashboard, the admin
// console, and the map in Hindi and a listing in Kannada)
// on a desktop (1280 px) and a phone (390 px), written to
// docs/screenshots/ for the README. A fresh stack of its own, as the e2e tests
// run it (its own Postgres and Meilisearch, the built site, the basemap),
// seeded with `npm run seed`'s generator and a fixed seed, in Debian's
// Chromium. The PNGs are palette-quantised so the set stays a few hundred KB.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { mediaStoreFor } from '@rentals/api/media/mediaStoreFor';
import { launchChromium } from '@rentals/testing/browser';
import { ROOT, startProduct, waitForPage } from '@rentals/testing/product';
import { seedListings } from '../seed/seed.ts';
import { DEMO_ACCOUNTS, SEED_PASSWORD } from '../seed/users.ts';
import { visitScene } from './visitScene.ts';

const LISTINGS = 600;
const SEED = 20_260_101;
const OUT = join(ROOT, 'docs', 'screenshots');
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

const log = (line: string) => console.log(`[screenshots] ${line}`);

/**
 * On screen: every photo decoded, every map drawn (its tiles loaded), no
 * placeholder or spinner (lazy photos further down never load by themselves).
 * Run in the page; a string, since this package has no DOM types.
 */
const SETTLED = `(() => {
  const onScreen = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0;
  };
  const busy = '.maplibregl-canvas-container.loading, .skeleton, .spinner';
  return [...document.images].filter(onScreen).every((i) => i.complete) &&
    ![...document.querySelectorAll(busy)].some(onScreen);
})()`;

const settled = async (page: Page) => {
  await page.waitForFunction(SETTLED, undefined, { timeout: 60_000 });
  await page.waitForTimeout(800); // the last frame painted
};

const biggestCity = (index: string) => {
  const rows = [
    ...index.matchAll(
      /<a href="\/browse\/cities\/([a-z0-9-]+)">([^<]+)<\/a> <span class="muted">([\d,]+)</g,
    ),
  ].map(([, slug, name, count]) => ({
    slug: slug!,
    name: name!,
    count: Number(count!.replace(/,/g, '')),
  }));
  const city = rows.sort((a, b) => b.count - a.count)[0];
  if (!city) throw new Error('the cities index lists no city');
  return city;
};

const product = await startProduct({ site: true, geo: true });
let browser: Browser | undefined;
try {
  log(`seeding ${LISTINGS} listings`);
  await seedListings({
    sql: product.sql,
    media: mediaStoreFor({ mediaDir: join(product.dataDir, 'media') }),
    listings: LISTINGS,
    seed: SEED,
  });
  const baseUrl = await product.startProcesses();
  log(`product at ${baseUrl}; waiting for the read side`);
  await product.waitForSearchIdle();
  const city = biggestCity(
    await waitForPage(`${baseUrl}/browse/cities`, (body) => body.includes('/browse/cities/')),
  );
  await waitForPage(`${baseUrl}/browse/cities/${city.slug}`, (body) =>
    body.includes('properties found'),
  );

  const tokenOf = async (role: (typeof DEMO_ACCOUNTS)[number]['role']) => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: SEED_PASSWORD }),
    });
    if (!login.ok) throw new Error(`demo ${role} login: ${login.status} ${await login.text()}`);
    return ((await login.json()) as { token: string }).token;
  };
  const tokens = {
    tenant: await tokenOf('tenant'),
    broker: await tokenOf('broker'),
    admin: await tokenOf('admin'),
  };
  const token = tokens.tenant;
  const search = (await (
    await fetch(`${baseUrl}/api/properties?city=${encodeURIComponent(city.name)}&limit=50`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    properties: {
      _id: string;
      images: unknown[];
      location: { coordinates?: { latitude: number; longitude: number } };
    }[];
  };
  const detail = search.properties.find((p) => p.images.length > 1 && p.location.coordinates);
  if (!detail) throw new Error(`no listing in ${city.name} with photos and a position`);
  // A pentagon about the listings' middle, as a tenant would draw around a few localities.
  const positions = search.properties.flatMap((p) =>
    p.location.coordinates ? [p.location.coordinates] : [],
  );
  const middle = (pick: (c: (typeof positions)[number]) => number) =>
    positions.reduce((sum, c) => sum + pick(c), 0) / positions.length;
  const [lat, lng] = [middle((c) => c.latitude), middle((c) => c.longitude)];
  const drawnArea = Array.from({ length: 5 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 5 + Math.PI / 2;
    const r = 0.045 * (i % 2 === 0 ? 1 : 0.7);
    return `${(lng + r * Math.cos(angle)).toFixed(5)},${(lat + r * Math.sin(angle)).toFixed(5)}`;
  }).join(';');

  // Two saved searches of the demo tenant's, as a tenant keeps them (the seed has none).
  for (const [name, filters, alert] of [
    [
      `2 BHK flats in ${city.name}`,
      { city: city.name, propertyType: ['flat'], bedrooms: 2 },
      'instant',
    ],
    [`PGs in ${city.name}`, { city: city.name, propertyType: ['PG'] }, 'daily'],
  ] as const) {
    const saved = await fetch(`${baseUrl}/api/saved-searches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, filters, alert }),
    });
    if (!saved.ok) throw new Error(`saved search: ${saved.status} ${await saved.text()}`);
  }

  const visitConversation = await visitScene(baseUrl, tokens);

  type Screen = { name: string; path: string; as?: keyof typeof tokens; map?: boolean };
  const screens: Screen[] = [
    { name: 'home', path: '/' },
    {
      name: 'map',
      path: `/properties?city=${encodeURIComponent(city.name)}`,
      as: 'tenant',
      map: true,
    },
    {
      name: 'drawn-area',
      path: `/properties?city=${encodeURIComponent(city.name)}&view=map&polygon=${drawnArea}`,
      as: 'tenant',
      map: true,
    },
    { name: 'detail', path: `/properties/${detail._id}`, as: 'tenant' },
    // In Hindi, on the map (its city and locality names in Devanagari), and a listing in Kannada.
    {
      name: 'map-hindi',
      path: `/hi/properties?city=${encodeURIComponent(city.name)}&view=map`,
      as: 'tenant',
      map: true,
    },
    { name: 'detail-kannada', path: `/kn/properties/${detail._id}`, as: 'tenant' },
    { name: 'city', path: `/browse/cities/${city.slug}` },
    { name: 'saved-searches', path: '/saved-searches', as: 'tenant' },
    // A conversation with the visit the tenant booked from it.
    { name: 'visit', path: `/messages?c=${visitConversation}`, as: 'tenant' },
    { name: 'owner-dashboard', path: '/dashboard', as: 'broker' },
    { name: 'admin', path: '/admin', as: 'admin' },
  ];

  browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES))
    for (const screen of screens) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport,
        locale: 'en-IN',
        // The settled check is evaluated from a string, which the site's CSP (rightly) refuses.
        bypassCSP: true,
      });
      if (screen.as)
        await context.addInitScript((t) => localStorage.setItem('token', t), tokens[screen.as]);
      const page = await context.newPage();
      await page.goto(screen.path);
      if (screen.map) {
        // A saved search's link (view=map) opens on the map already.
        if (!screen.path.includes('view=map')) {
          await page.getByText(/properties found/).waitFor({ timeout: 60_000 });
          await page.getByRole('button', { name: 'Map' }).click();
        }
        await page.locator('canvas.maplibregl-canvas').first().waitFor();
        // The map is below the search form and the toolbar: scrolled so all of it shows.
        await page.evaluate(
          `document.querySelector('[data-testid="listings-map"]').scrollIntoView({ block: 'end' })`,
        );
      }
      await settled(page);
      const file = join(OUT, `${screen.name}-${size}.png`);
      // Palette PNG: a tenth of the bytes of the full-colour capture, and still sharp text.
      await sharp(await page.screenshot())
        .png({ palette: true, quality: 80, effort: 10, compressionLevel: 9 })
        .toFile(file);
      log(`${file.slice(ROOT.length)} (${screen.path})`);
      await context.close();
    }
} catch (error) {
  console.error(product.logs());
  throw error;
} finally {
  await browser?.close();
  await product.stop();
}
