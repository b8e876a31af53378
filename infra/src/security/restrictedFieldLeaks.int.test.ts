// Security checklist: restricted fields, everything a visitor or a scraper can reach. A
// listing with distinctive restricted values (rent, address, area, PIN, exact position,
// facilities, contact preferences, the owner's id, email and phone) is read back through
// every visitor route of the real web server and every pre-rendered page, and none of
// those values may appear. Then the search filters a visitor may send are tried as
// oracles: rent bounds, rent sorts, areas, free text and tiny map boxes must tell a
// visitor nothing about fields they cannot see. (Whether visitor positions name the PIN
// area, over a realistic seed: restrictedFields.int.test.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReadSide } from '@rentals/testing/readSide';
import { samplePhoto } from '@rentals/api/media/samplePhotos';
import { processWaitingPhotos } from '@rentals/api/listings/photoProcessor';
import type { TestUser } from '@rentals/testing/testApp';
import { fullBuild } from '@rentals/projections/publicSite/fullBuild';
import { call } from './testing/attacker.ts';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { startTestWebServer, type TestWebServer } from './testing/webServer.ts';
import { appendListingEvents } from '@rentals/testing/listingFixtures';
import { UNDER_REVIEW } from '@rentals/api/listings/hiddenForReview';

type Doc = Record<string, unknown> & {
  _id: string;
  location: { coordinates?: { latitude: number; longitude: number } };
};

/** Restricted values no other text in this test contains. */
const SECRET = {
  rent: 23457,
  address: 'Plot 77, Zqxresidency Lane',
  area: 'Vyomnagar',
  pinCode: '411077',
  latitude: 18.52347,
  longitude: 73.85671,
  phone: '9123456789',
  email: 'owner.leakcheck@example.in',
};

let web: TestWebServer;
let readSide: ReturnType<typeof startReadSide>;
let owner: TestUser;
let tenant: TestUser;
let listed: Doc;
let delisted: Doc;
let quiet: Doc;
let phoneOnly: Doc;
let publicSiteDir: string;

const create = async (title: string, contactInfo = { showPhone: true, showEmail: true }) => {
  const res = await call<{ property: Doc }>(web.base, 'POST', '/api/properties', {
    token: owner.token,
    form: listingForm(
      {
        ...LISTING_FORM,
        title,
        rent: String(SECRET.rent),
        'location[area]': SECRET.area,
        'location[address]': SECRET.address,
        'location[pinCode]': SECRET.pinCode,
        'location[coordinates][latitude]': String(SECRET.latitude),
        'location[coordinates][longitude]': String(SECRET.longitude),
        facilities: JSON.stringify({ wifi: true, gym: true, petFriendly: true }),
        contactInfo: JSON.stringify(contactInfo),
        imageCaptions: JSON.stringify(['The living room']),
      },
      [
        {
          name: 'room.jpg',
          bytes: await samplePhoto({ width: 640, height: 480, label: 'room' }),
          type: 'image/jpeg',
        },
      ],
    ),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.property;
};

beforeAll(async () => {
  web = await startTestWebServer();
  publicSiteDir = join(dirname(web.dataDir), 'public-site');
  readSide = startReadSide(web.t.db.sql, {
    url: web.deps.meili.url,
    key: web.deps.meili.key,
    index: web.deps.meili.index!,
  });
  owner = await web.t.registerUser('homeowner', {
    name: 'Leela Owner',
    email: SECRET.email,
    phone: SECRET.phone,
  });
  tenant = await web.t.registerUser('tenant');
  listed = await create('Sunlit flat for the leak check');
  delisted = await create('Delisted flat for the leak check');
  quiet = await create('Quiet flat, contact by message', { showPhone: false, showEmail: false });
  phoneOnly = await create('Flat with a phone to call', { showPhone: true, showEmail: false });
  await call(web.base, 'PATCH', `/api/properties/${delisted._id}/toggle-availability`, {
    token: owner.token,
  });
  // Photos are processed after the upload's answer (the web process's photo processor): featured
  // lists show only listings with photos.
  await processWaitingPhotos({ ...web.deps, media: web.media });
  await readSide.caughtUp();
  // The pages the regenerator would publish, where the server serves them.
  await fullBuild({ sql: web.t.db.sql, outDir: publicSiteDir, siteUrl: web.base });
}, 120_000);
afterAll(async () => {
  await readSide.stop();
  await web.stop();
});

const inr = new Intl.NumberFormat('en-IN');
const NEEDLES = (): [string, RegExp][] => [
  ['rent', new RegExp(`(?<!\\d)${SECRET.rent}(?!\\d)`)],
  ['rent (formatted)', new RegExp(inr.format(SECRET.rent).replace(',', '\\s*,\\s*'))],
  ['address', /Zqxresidency/i],
  ['area', /Vyomnagar/i],
  ['PIN code', new RegExp(`(?<!\\d)${SECRET.pinCode}(?!\\d)`)],
  // The exact position to three decimals (~100 m) in any notation.
  ['latitude', /18\.523\d*/],
  ['longitude', /73\.856\d*/],
  ['owner id', new RegExp(owner.user._id)],
  ['owner email', /owner\.leakcheck/i],
  ['owner phone', new RegExp(SECRET.phone)],
  ['facilities', /"?(wifi|gym|petFriendly|facilities)"?\s*[:=]/i],
  ['contact preferences', /contactInfo|showPhone|showEmail/],
  ['rent type', /rentType|per month/i],
];
const leaksIn = (text: string) =>
  NEEDLES()
    .filter(([, re]) => re.test(text))
    .map(([what]) => what);

describe('everything a visitor can fetch', () => {
  const visitorPaths = () => [
    '/api/properties/public',
    '/api/properties/public?city=Pune&limit=50',
    '/api/properties/public?bbox=68,6,98,38&limit=50',
    '/api/properties/public?propertyType=flat&bedrooms=1',
    '/api/properties/public/featured',
    '/api/properties/public/featured?limit=50',
    `/api/properties/${listed._id}`,
  ];

  it('the visitor routes carry the listing, and none of its restricted values', async () => {
    for (const path of visitorPaths()) {
      const res = await call(web.base, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(listed._id);
      expect(leaksIn(res.text), path).toEqual([]);
    }
  });

  it('the product’s geocoder, asked about the visitor position, names nothing restricted', async () => {
    const shown = await call<{ property: Doc }>(web.base, 'GET', `/api/properties/${listed._id}`);
    const at = shown.body.property.location.coordinates!;
    const res = await call(
      web.base,
      'GET',
      `/api/geo/reverse?lat=${at.latitude}&lng=${at.longitude}`,
    );
    expect(res.status).toBe(200);
    expect(leaksIn(res.text)).toEqual([]);
  });

  it('a visitor asking for hidden fields or the full view by other means gets the visitor view', async () => {
    for (const [path, headers] of [
      [`/api/properties/${listed._id}?fields=rent,location&full=true&view=full`, {}],
      [`/api/properties/${listed._id}`, { accept: 'application/json; view=full' }],
      [`/api/properties/${listed._id}`, { 'x-user-role': 'admin', 'x-user-id': owner.user._id }],
      [`/api/properties/${listed._id}`, { cookie: `token=${tenant.token}` }],
    ] as const) {
      const res = await call(web.base, 'GET', path, { headers });
      expect(res.status, path).toBe(200);
      expect(leaksIn(res.text), path).toEqual([]);
    }
  });

  it('a delisted listing is not there for visitors at all', async () => {
    const res = await call(web.base, 'GET', `/api/properties/${delisted._id}`);
    expect(res.status).toBe(404);
    const search = await call(web.base, 'GET', '/api/properties/public?limit=50');
    expect(search.text).not.toContain(delisted._id);
  });

  it('every pre-rendered page, sitemap and robots.txt, as served', async () => {
    const files = (readdirSync(publicSiteDir, { recursive: true }) as string[]).filter((f) =>
      /\.(html|xml|txt)$/.test(f),
    );
    const urls = files.map((f) => `/${f.replace(/\.html$/, '')}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/browse/cities',
        '/browse/cities/pune',
        `/browse/${listed._id}`,
        '/sitemap.xml',
        '/robots.txt',
      ]),
    );
    for (const url of urls) {
      const res = await fetch(`${web.base}${url}`);
      const text = await res.text();
      expect(res.status, url).toBeLessThan(500);
      expect(leaksIn(text), url).toEqual([]);
      // The files themselves too (what a CDN would be given).
    }
    for (const file of files)
      expect(leaksIn(readFileSync(join(publicSiteDir, file), 'utf8')), file).toEqual([]);
    const page = await (await fetch(`${web.base}/browse/${listed._id}`)).text();
    expect(page).toContain('Sunlit flat for the leak check');
  });

  it('the signed-in views give the listing to tenants, and the owner’s contact only in the detail the owner allowed', async () => {
    const full = await call<{ contact: unknown }>(
      web.base,
      'GET',
      `/api/properties/${listed._id}`,
      {
        token: tenant.token,
      },
    );
    // The needles find every restricted value in the full document (so a leak would be seen).
    expect(leaksIn(full.text)).toEqual(
      expect.arrayContaining([
        'rent',
        'address',
        'area',
        'PIN code',
        'latitude',
        'longitude',
        'owner id',
        'owner email',
        'owner phone',
        'facilities',
        'contact preferences',
        'rent type',
      ]),
    );
    expect(full.body.contact).toEqual({ phone: SECRET.phone, email: SECRET.email });
    const phone = await call<{ contact: unknown }>(
      web.base,
      'GET',
      `/api/properties/${phoneOnly._id}`,
      { token: tenant.token },
    );
    expect(phone.body.contact).toEqual({ phone: SECRET.phone });
    expect(phone.text).not.toMatch(/owner\.leakcheck/i);
    const hidden = await call<{ contact: unknown }>(
      web.base,
      'GET',
      `/api/properties/${quiet._id}`,
      {
        token: tenant.token,
      },
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body.contact).toEqual({});
    expect(hidden.text).not.toMatch(/owner\.leakcheck|9123456789/i);
    // Lists never carry contact (no bulk harvesting of numbers); nothing carries the hash.
    for (const path of ['/api/properties?limit=50', '/api/properties/featured']) {
      const res = await call(web.base, 'GET', path, { token: tenant.token });
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toMatch(/owner\.leakcheck|9123456789|\$argon2|password/i);
    }
    expect(full.text).not.toMatch(/\$argon2|password/i);
  });

  it('a visitor gets no contact for a listing that shows both, whatever they send', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { cookie: `token=${tenant.token}` },
      { 'x-user-id': tenant.user._id, 'x-user-role': 'tenant' },
    ];
    for (const headers of attempts) {
      const res = await call<Record<string, unknown>>(
        web.base,
        'GET',
        `/api/properties/${listed._id}`,
        { headers },
      );
      expect(res.body).not.toHaveProperty('contact');
      expect(res.text).not.toMatch(/owner\.leakcheck|9123456789/i);
    }
  });
});

describe('filters a visitor sends as oracles', () => {
  const ids = async (query: string) => {
    const res = await call<{ properties: Doc[] }>(
      web.base,
      'GET',
      `/api/properties/public?${query}`,
    );
    expect(res.status, query).toBe(200);
    return res.body.properties.map((p) => p._id);
  };

  it('rent bounds and rent sorts change nothing (the rent cannot be bisected)', async () => {
    const all = await ids('limit=50');
    for (const query of [
      `minRent=${SECRET.rent + 1}`,
      `maxRent=${SECRET.rent - 1}`,
      `minRent=${SECRET.rent}&maxRent=${SECRET.rent}`,
      'sort=rent_asc',
      'sort=rent_desc',
    ])
      expect(await ids(`${query}&limit=50`), query).toEqual(all);
  });

  it('the area, the address and the PIN code find nothing a visitor could not find without them', async () => {
    const all = await ids('city=Pune&limit=50');
    expect(all).toContain(listed._id);
    expect(await ids(`city=Pune&area=${SECRET.area}&limit=50`)).toEqual(all);
    expect(await ids(`city=Pune&area=Somewhereelse&limit=50`)).toEqual(all);
    for (const q of [SECRET.area, 'Zqxresidency', SECRET.pinCode])
      expect(await ids(`q=${encodeURIComponent(q)}`), q).toEqual([]);
  });

  it('a tiny map box around the exact position finds nothing; one around the visitor position does', async () => {
    const box = (lat: number, lng: number, d = 0.002) =>
      [lng - d, lat - d, lng + d, lat + d].map((v) => v.toFixed(5)).join(',');
    expect(await ids(`bbox=${box(SECRET.latitude, SECRET.longitude)}`)).not.toContain(listed._id);
    const visitor = await call<{ property: Doc }>(web.base, 'GET', `/api/properties/${listed._id}`);
    const at = visitor.body.property.location.coordinates!;
    expect(await ids(`bbox=${box(at.latitude, at.longitude)}`)).toContain(listed._id);
  });
});

/**
 * A listing hidden pending review (three 'Fake or scam' reports) is its
 * owner's and the admins' only until the review ends. Hidden here by
 * recording the listing's `ListingHiddenForReview` directly, as the reports'
 * handler does, so the rule for when reports hide one can change freely.
 * Before it is hidden a tenant favourites it, starts a conversation about it
 * and gets a saved-search alert for it; afterwards no read a tenant or a
 * visitor makes carries its restricted values.
 */
describe('a listing hidden pending review', () => {
  const HIDDEN = {
    rent: 34561,
    address: 'Flat 9, Hushcourt Lane',
    pinCode: '411038',
    latitude: 18.56117,
    longitude: 73.81119,
  };
  const HIDDEN_NEEDLES: [string, RegExp][] = [
    ['rent', new RegExp(`(?<!\\d)${HIDDEN.rent}(?!\\d)`)],
    ['rent (formatted)', /34\s*,\s*561/],
    ['address', /Hushcourt/i],
    ['PIN code', new RegExp(`(?<!\\d)${HIDDEN.pinCode}(?!\\d)`)],
    ['latitude', /18\.561\d*/],
    ['longitude', /73\.811\d*/],
    ['owner email', /owner\.leakcheck/i],
    ['owner phone', new RegExp(SECRET.phone)],
  ];
  const leaks = (text: string) =>
    HIDDEN_NEEDLES.filter(([, re]) => re.test(text)).map(([what]) => what);
  const title = 'Flat under review for the leak check';
  /** A box of a few hundred metres around it at street zoom: its pin there carries its id. */
  const NEAR_IT = '/api/properties/map?bbox=73.805,18.555,73.817,18.567&zoom=16';
  let id: string;
  let fan: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    fan = await web.t.registerUser('tenant');
    stranger = await web.t.registerUser('tenant');
    admin = await web.t.registerUser('admin');
    const saved = await call(web.base, 'POST', '/api/saved-searches', {
      token: fan.token,
      json: { name: 'Pune flats', filters: { city: 'Pune' }, alert: 'instant' },
    });
    expect(saved.status, saved.text).toBe(201);
    const res = await call<{ property: Doc }>(web.base, 'POST', '/api/properties', {
      token: owner.token,
      form: listingForm({
        ...LISTING_FORM,
        title,
        rent: String(HIDDEN.rent),
        'location[address]': HIDDEN.address,
        'location[pinCode]': HIDDEN.pinCode,
        'location[coordinates][latitude]': String(HIDDEN.latitude),
        'location[coordinates][longitude]': String(HIDDEN.longitude),
      }),
    });
    expect(res.status, res.text).toBe(201);
    id = res.body.property._id;
    await readSide.caughtUp();
    for (const [method, path, json] of [
      ['PUT', `/api/favourites/${id}`, undefined],
      ['POST', '/api/conversations', { listingId: id, body: 'Is it free?', messageId: 'hid-1' }],
    ] as const) {
      const done = await call(web.base, method, path, { token: fan.token, json });
      expect(done.status, `${path} ${done.text}`).toBeLessThan(300);
    }
    await readSide.caughtUp();
    // The alert and the favourite are there before it is hidden, so their going is what is tested.
    const alerts = await call(web.base, 'GET', '/api/saved-searches/alerts', { token: fan.token });
    expect(alerts.text).toContain(id);
    const before = await call(web.base, 'GET', '/api/favourites', { token: fan.token });
    expect(leaks(before.text)).toContain('address');
    const pins = await call(web.base, 'GET', NEAR_IT, { token: fan.token });
    expect(pins.text).toContain(id);

    await appendListingEvents(
      web.t.deps.eventStore,
      id,
      [
        {
          type: 'ListingHiddenForReview',
          data: {
            listingId: id,
            at: new Date().toISOString(),
            city: 'Pune',
            reason: 'Fake or scam',
          },
        },
      ],
      owner.user._id,
    );
    await readSide.caughtUp();
    await fullBuild({ sql: web.t.db.sql, outDir: publicSiteDir, siteUrl: web.base });
  }, 120_000);

  it('its page and its market (rent history) are refused to tenants, gone for visitors', async () => {
    for (const user of [fan, stranger]) {
      for (const path of [`/api/properties/${id}`, `/api/properties/${id}/market`]) {
        const res = await call(web.base, 'GET', path, { token: user.token });
        expect(res.status, path).toBe(403);
        expect(res.body, path).toEqual({ message: UNDER_REVIEW });
      }
    }
    expect((await call(web.base, 'GET', `/api/properties/${id}`)).status).toBe(404);
    expect((await call(web.base, 'GET', `/api/properties/${id}/market`)).status).toBe(401);
  });

  it('a favourite of it shows as no longer available, without its document', async () => {
    const res = await call<{ favourites: Record<string, unknown>[] }>(
      web.base,
      'GET',
      '/api/favourites',
      { token: fan.token },
    );
    expect(res.body.favourites.find((f) => f.listingId === id)).toMatchObject({
      available: false,
      title,
      property: null,
    });
    expect(leaks(res.text)).toEqual([]);
  });

  it('no list, map, alert, notification, conversation or dashboard read carries it', async () => {
    const reads: [TestUser | null, string][] = [
      [fan, '/api/properties?limit=50'],
      [fan, '/api/properties?city=Pune&limit=50'],
      [fan, '/api/properties/featured?limit=50'],
      [fan, NEAR_IT],
      [fan, '/api/favourites?filter=unavailable'],
      [fan, '/api/saved-searches'],
      [fan, '/api/saved-searches/alerts'],
      [fan, '/api/notifications'],
      [fan, '/api/conversations'],
      [fan, '/api/dashboard/tenant'],
      [stranger, '/api/properties?limit=50'],
      [stranger, '/api/notifications'],
      [null, '/api/properties/public?limit=50'],
      [null, '/api/properties/public?city=Pune&limit=50'],
      [null, '/api/properties/public/featured?limit=50'],
      [null, '/api/properties/map?bbox=73.7,18.45,73.92,18.67&zoom=16'],
    ];
    for (const [user, path] of reads) {
      const res = await call(web.base, 'GET', path, user ? { token: user.token } : {});
      expect(res.status, path).toBe(200);
      expect(leaks(res.text), path).toEqual([]);
      if (!path.startsWith('/api/conversations') && !path.startsWith('/api/favourites'))
        expect(res.text, path).not.toContain(id);
    }
  });

  it('the conversation keeps its title for the tenant already in it, and nothing more', async () => {
    const res = await call<{ conversations: { listing: { id: string; title: string } }[] }>(
      web.base,
      'GET',
      '/api/conversations',
      { token: fan.token },
    );
    expect(res.body.conversations.map((c) => c.listing)).toContainEqual(
      expect.objectContaining({ id, title }),
    );
    const more = await call(web.base, 'POST', '/api/conversations', {
      token: stranger.token,
      json: { listingId: id, body: 'Still free?', messageId: 'hid-2' },
    });
    expect(more.status).toBeGreaterThanOrEqual(400);
    expect(more.status).toBeLessThan(500);
  });

  it('no pre-rendered page or sitemap names it', async () => {
    const page = await fetch(`${web.base}/browse/${id}`);
    expect(page.status).toBeGreaterThanOrEqual(400);
    await page.body?.cancel();
    const files = (readdirSync(publicSiteDir, { recursive: true }) as string[]).filter((f) =>
      /\.(html|xml|txt|json)$/.test(f),
    );
    for (const file of files) {
      const text = readFileSync(join(publicSiteDir, file), 'utf8');
      expect(text.includes(id) || text.includes(title), file).toBe(false);
      expect(leaks(text), file).toEqual([]);
    }
  });

  it('its owner and an admin still see it whole', async () => {
    for (const user of [owner, admin]) {
      const res = await call<{ property: Doc }>(web.base, 'GET', `/api/properties/${id}`, {
        token: user.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.property).toMatchObject({ hiddenForReview: { reason: 'Fake or scam' } });
      const market = await call(web.base, 'GET', `/api/properties/${id}/market`, {
        token: user.token,
      });
      expect(market.status).toBe(200);
    }
    const mine = await call(web.base, 'GET', '/api/properties/my-properties', {
      token: owner.token,
    });
    expect(mine.text).toContain(id);
  });
});
