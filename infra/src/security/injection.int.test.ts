// Security checklist: injection. An attacker writes query languages into every input:
// Meilisearch filter syntax into every search parameter (answered by Meilisearch, and by
// the Postgres fallback when it is down), SQL into every text field and parameter,
// operator objects where text belongs, prototype-polluting keys in JSON, multipart and
// query strings, and duplicate keys. The answer is the literal text or a 400, never an
// error, never an extra row, never a changed object. (Control characters and malformed
// numbers: inputContract.int.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentals/api/auth/model';
import { startReadSide } from '@rentals/testing/readSide';
import { freePort } from '../services/ports.ts';
import { call } from './testing/attacker.ts';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import {
  testWebServerWithUsers,
  startTestWebServer,
  type TestWebServer,
} from './testing/webServer.ts';

type Doc = { _id: string; title: string; description: string; location: Record<string, string> };
type Search = { properties: Doc[]; totalCount?: number; pagination?: { totalItems: number } };
type ErrorBody = { message: string; errors?: { path: string; msg: string }[] };

const s = testWebServerWithUsers({ owner: 'homeowner', tenant: 'tenant', admin: 'admin' });
/** The same product with Meilisearch unreachable: every search runs on Postgres. */
let fallback: TestWebServer;
let readSide: ReturnType<typeof startReadSide>;
const ids: Record<'baner' | 'kothrud' | 'hidden' | 'mumbai', string> = {
  baner: '',
  kothrud: '',
  hidden: '',
  mumbai: '',
};

const createListing = async (values: Record<string, string>) => {
  const res = await call<{ property: Doc }>(s.web.base, 'POST', '/api/properties', {
    token: s.owner.token,
    form: listingForm({ ...LISTING_FORM, ...values }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.property;
};

beforeAll(async () => {
  readSide = startReadSide(s.web.t.db.sql, {
    url: s.web.deps.meili.url,
    key: s.web.deps.meili.key,
    index: s.web.deps.meili.index!,
  });
  ids.baner = (await createListing({ title: 'Baner flat with a view' }))._id;
  ids.kothrud = (
    await createListing({
      title: 'Kothrud house near the hill',
      propertyType: 'house',
      'location[area]': 'Kothrud',
    })
  )._id;
  ids.hidden = (await createListing({ title: 'Delisted flat nobody may find' }))._id;
  await call(s.web.base, 'PATCH', `/api/properties/${ids.hidden}/toggle-availability`, {
    token: s.owner.token,
  });
  ids.mumbai = (
    await createListing({
      title: 'Bandra studio by the sea',
      'location[city]': 'Mumbai',
      'location[area]': 'Bandra West',
      'location[pinCode]': '400050',
      'location[coordinates][latitude]': '19.0596',
      'location[coordinates][longitude]': '72.8295',
    })
  )._id;
  await readSide.caughtUp();
  fallback = await startTestWebServer({
    deps: {
      sql: s.web.t.db.sql,
      jwtSecret: s.web.deps.jwtSecret,
      meili: { url: `http://127.0.0.1:${await freePort()}`, key: 'unreachable-key' },
    },
  });
});
afterAll(async () => {
  await fallback?.stop();
  await readSide.stop();
});

const LISTED = () => [ids.baner, ids.kothrud, ids.mumbai];

const search = async (server: TestWebServer, query: string, signedIn: boolean) => {
  const res = await call<Search & ErrorBody>(
    server.base,
    'GET',
    `${signedIn ? '/api/properties' : '/api/properties/public'}?${query}`,
    { token: signedIn ? s.tenant.token : undefined },
  );
  const found = (res.body.properties ?? []).map((p) => p._id);
  return { status: res.status, found, body: res.body, text: res.text };
};

const ENGINES = () =>
  [
    ['Meilisearch', s.web],
    ['the Postgres fallback', fallback],
  ] as const;

describe('filter injection through every search parameter', () => {
  const q = encodeURIComponent;
  /**
   * Each attack with the only listings it may find; anything more means the filter was
   * rewritten. Visitors' searches ignore the area (not a public field), so theirs find the
   * whole city.
   */
  const attacks: [string, string, (keyof typeof ids)[], (keyof typeof ids)[]?][] = [
    ['a quote closing the city', `city=${q('Mumbai" OR cityKey = "pune')}`, ['mumbai']],
    ['a quote and OR in the city', `city=${q('x" OR isAvailable = false OR cityKey = "x')}`, []],
    ['escaped quotes', `city=${q('Mumbai\\" OR cityKey = \\"pune')}`, ['mumbai']],
    ['a trailing backslash', `city=${q('Mumbai\\')}&area=${q('\\')}`, ['mumbai']],
    [
      'backslashes and quotes in the area',
      `city=Pune&area=${q('Baner\\" OR areaKey = \\"kothrud')}`,
      ['baner'],
      ['baner', 'kothrud'],
    ],
    ['a bracket list in the city', `city=${q('Mumbai", "pune')}`, ['mumbai']],
    [
      'filter keywords in the area',
      `city=Pune&area=${q('Baner" OR (isAvailable = false)')}`,
      ['baner'],
      ['baner', 'kothrud'],
    ],
    ['NOT and EXISTS', `city=${q('NOT cityKey EXISTS')}`, []],
    ['a geo filter', `city=${q('_geoRadius(0, 0, 100000000)')}`, []],
    ['the city twice', 'city=Mumbai&city=Pune', ['mumbai']],
    ['the city as a list', `city[]=Pune&city[$ne]=x&city=Mumbai`, ['mumbai']],
    ['a 100-character city of quotes', `city=${q('"'.repeat(100))}`, []],
    ['SQL in the city', `city=${q("Mumbai' OR '1'='1")}`, ['mumbai']],
    [
      'SQL in the area',
      `city=Pune&area=${q("Baner'); DROP TABLE listing_read; --")}`,
      ['baner'],
      ['baner', 'kothrud'],
    ],
    ['LIKE wildcards in the city', `city=${q('%')}`, []],
    ['free text with filter syntax', `q=${q('view" OR isAvailable = false')}`, ['baner']],
    ['free text with SQL', `q=${q("view'; DELETE FROM listing_read; --")}`, ['baner']],
    ['free text with tsquery operators', `q=${q('view:* | nobody & !x (')}`, []],
  ];

  it.each(attacks)(
    '%s: only what the literal text matches, on both engines, for visitors and signed-in users',
    async (_, query, signedInMay, visitorsMay = signedInMay) => {
      for (const [engine, server] of ENGINES())
        for (const signedIn of [false, true]) {
          const allowed = signedIn ? signedInMay : visitorsMay;
          const res = await search(server, query, signedIn);
          const where = `${engine}, ${signedIn ? 'signed in' : 'visitor'}: ${res.text.slice(0, 200)}`;
          expect(res.status, where).toBe(200);
          expect(res.found, where).not.toContain(ids.hidden);
          for (const id of res.found)
            expect(
              allowed.map((a) => ids[a]),
              where,
            ).toContain(id);
        }
    },
  );

  it.each<[string, string, string]>([
    [
      'a type with a filter after it',
      `propertyType=${q('flat" OR propertyType = "house')}`,
      'propertyType',
    ],
    ['a number with a filter after it', `bedrooms=${q('1 OR isAvailable = false')}`, 'bedrooms'],
    ['a rent with a filter after it', `minRent=${q('0) OR (rent > 0')}`, 'minRent'],
    ['a rent as an operator object', 'maxRent[$gt]=0&maxRent=x', 'maxRent'],
    ['a sort naming fields', `sort=${q('rent:asc,isAvailable:desc')}`, 'sort'],
    ['a viewport with a filter after it', `bbox=${q('0,0,90,90 OR isAvailable = false')}`, 'bbox'],
    [
      'a drawn area with SQL after it',
      `polygon=${q("77,12;78,12;77.5,13')::polygon OR true --")}`,
      'polygon',
    ],
    ['a page with SQL', `page=${q('1; DROP TABLE users')}`, 'page'],
    ['a limit with SQL', `limit=${q('10 UNION SELECT 1')}`, 'limit'],
  ])('%s: 400 naming the parameter, on both engines', async (_, query, path) => {
    for (const [engine, server] of ENGINES())
      for (const signedIn of [false, true]) {
        const res = await search(server, query, signedIn);
        expect(res.status, `${engine}: ${res.text}`).toBe(400);
        expect(res.body.errors?.map((e) => e.path)).toEqual([path]);
      }
  });

  it('Meilisearch never refused a query: no search fell back to Postgres on the main server', () => {
    const degraded = s.web.logged.filter((l) => /search degraded/.test(l.message));
    expect(degraded).toEqual([]);
    // …while the server without Meilisearch did answer from Postgres (so both engines were tried).
    expect(fallback.logged.some((l) => /search degraded/.test(l.message))).toBe(true);
  });

  it('the tables are all still there and the delisted listing is still hidden', async () => {
    const [row] = await s.web.t.db.sql<{ users: number; listings: number }[]>`
      SELECT (SELECT count(*)::int FROM users) AS users,
             (SELECT count(*)::int FROM listing_read) AS listings`;
    expect(row!.users).toBeGreaterThanOrEqual(2);
    expect(row!.listings).toBe(4);
    const all = await search(s.web, '', false);
    expect(all.found.sort()).toEqual(LISTED().sort());
  });
});

describe('SQL in every text a user writes: stored and answered as the literal text', () => {
  const sql = {
    title: "Robert'); DROP TABLE users;--",
    description: "'; DELETE FROM events WHERE '1'='1'; -- and a few more words",
    area: "Baner' OR '1'='1",
    address: "1' UNION SELECT password_hash FROM users--",
    caption: '$$; DROP TABLE listing_read; $$',
    name: `O'Brien"); DROP TABLE users; --`,
  };

  it('a listing with SQL in title, description, area and address reads back unchanged', async () => {
    const created = await createListing({
      title: sql.title,
      description: sql.description,
      'location[area]': sql.area,
      'location[address]': sql.address,
    });
    await readSide.caughtUp();
    const read = await call<{ property: Doc }>(
      s.web.base,
      'GET',
      `/api/properties/${created._id}`,
      {
        token: s.tenant.token,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body.property).toMatchObject({
      title: sql.title,
      description: sql.description,
      location: { area: sql.area, address: sql.address },
    });
    // …and a search for its words finds it as text, on both engines.
    for (const [engine, server] of ENGINES()) {
      const res = await search(server, `q=${encodeURIComponent('Robert DROP TABLE')}`, true);
      expect(res.found, engine).toContain(created._id);
    }
  });

  it('a name with SQL registers and reads back unchanged; the profile too', async () => {
    const reg = await call<{ token: string; user: { name: string } }>(
      s.web.base,
      'POST',
      '/api/auth/register',
      {
        json: {
          name: sql.name,
          email: `sql-${Date.now()}@example.in`,
          password: 'a-good-password',
          phone: '9876543210',
        },
      },
    );
    expect(reg.status, reg.text).toBe(201);
    const me = await call<{ user: { name: string } }>(s.web.base, 'GET', '/api/auth/me', {
      token: reg.body.token,
    });
    expect(me.body.user.name).toBe(sql.name);
    const profile = await call<{ user: { name: string } }>(s.web.base, 'PUT', '/api/auth/profile', {
      token: reg.body.token,
      json: { name: "x' WHERE '1'='1" },
    });
    expect(profile.body.user.name).toBe("x' WHERE '1'='1");
    // Only this user's name changed.
    const [others] = await s.web.t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM users WHERE name = ${"x' WHERE '1'='1"}`;
    expect(others!.n).toBe(1);
    // The language is one of three words, never text that reaches SQL.
    for (const language of ["hi'; UPDATE users SET role='admin'--", 'HI', ['hi'], { $ne: 'en' }]) {
      const refused = await call(s.web.base, 'PUT', '/api/auth/profile', {
        token: reg.body.token,
        json: { language },
      });
      expect(refused.status, JSON.stringify(language)).toBe(400);
    }
    const after = await call<{ user: { language: string; role: string } }>(
      s.web.base,
      'GET',
      '/api/auth/me',
      { token: reg.body.token },
    );
    expect(after.body.user).toMatchObject({ language: 'en', role: 'homeowner' });
  });

  it.each([
    ["admin'--@example.in", 'anything'],
    ["x@example.in' OR '1'='1", 'anything'],
    ['the owner', "' OR '1'='1"],
    ['the owner', "anything' OR 1=1 --"],
  ])('login as %s with password %s is refused', async (email, password) => {
    const res = await call(s.web.base, 'POST', '/api/auth/login', {
      json: { email: email === 'the owner' ? s.owner.email : email, password },
    });
    expect([400, 401]).toContain(res.status);
    expect(res.body).not.toHaveProperty('token');
  });

  it('the reverse geocoder builds its filter from numbers only: anything else in lat/lng is a 400', async () => {
    for (const [lat, lng] of [
      ['18.5) OR kind = city OR _geoRadius(0', '73.8'],
      ['18.5', '73.8, 100000000) OR (kind = pin'],
      ["18.5' OR '1'='1", '73.8'],
      ['Infinity', '73.8'],
    ]) {
      const res = await call<ErrorBody>(
        s.web.base,
        'GET',
        `/api/geo/reverse?lat=${encodeURIComponent(lat!)}&lng=${encodeURIComponent(lng!)}`,
      );
      expect(res.status, `${lat}, ${lng}`).toBe(400);
    }
  });
});

describe('rent trends', () => {
  it('takes the place as a value, never as SQL: an injected city or locality finds nothing', async () => {
    for (const query of [
      `city=${encodeURIComponent("Pune' OR '1'='1")}`,
      `city=Pune&locality=${encodeURIComponent("x'; DROP TABLE rent_trend; --")}`,
    ]) {
      const res = await call<{ groups: unknown[] }>(s.web.base, 'GET', `/api/rent-trends?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.groups).toEqual([]);
    }
    const intact = await call(s.web.base, 'GET', '/api/rent-trends?city=Pune');
    expect(intact.status).toBe(200);
  });
});

describe('operator objects and other types where text belongs', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a password that is “not empty”', { password: { $ne: '' } }],
    ['a password that is “greater than nothing”', { password: { $gt: '' } }],
    ['an email that is any email', { email: { $regex: '.*' }, password: 'x' }],
    ['a password of true', { password: true }],
    ['a password list', { password: ['correct horse battery', 'x'] }],
    ['a password number', { password: 0 }],
  ])('login with %s: 400, never a token', async (_, body) => {
    const res = await call<ErrorBody>(s.web.base, 'POST', '/api/auth/login', {
      json: { email: s.owner.email, ...body },
    });
    expect(res.status).toBe(400);
    expect(res.body).not.toHaveProperty('token');
  });
});

describe('prototype pollution', () => {
  const polluted = () =>
    ({}) as Record<string, unknown> as { polluted?: unknown; isAdmin?: unknown; role?: unknown };
  const expectClean = () => {
    expect(polluted().polluted).toBeUndefined();
    expect(polluted().isAdmin).toBeUndefined();
    expect(polluted().role).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  };
  const payload = (inner: string) =>
    `{"__proto__":{"polluted":"yes","isAdmin":true,"role":"admin"},` +
    `"constructor":{"prototype":{"polluted":"yes"}},${inner}}`;

  it.each([
    [
      'register',
      'POST',
      '/api/auth/register',
      () =>
        `"name":"Proto Type","email":"proto-${Date.now()}@example.in","password":"a-good-password","phone":"9876543210"`,
    ],
    [
      'login',
      'POST',
      '/api/auth/login',
      () => `"email":"${s.owner.email}","password":"wrong-password"`,
    ],
    ['profile', 'PUT', '/api/auth/profile', () => '"name":"Proto Owner"'],
    [
      'change-password',
      'POST',
      '/api/auth/change-password',
      () => '"currentPassword":"x","newPassword":"yyyyyy"',
    ],
    ['forgot-password', 'POST', '/api/auth/forgot-password', () => `"email":"${s.owner.email}"`],
    [
      'reset-password',
      'POST',
      '/api/auth/reset-password',
      () => `"token":"${s.owner.user._id}.${'A'.repeat(43)}","newPassword":"a-new-password"`,
    ],
    [
      'a listing edit',
      'PUT',
      '/api/properties/:id',
      () => '"title":"Edited with a prototype","location":{"__proto__":{"polluted":"yes"}}',
    ],
    ['verify', 'PATCH', '/api/properties/:id/verify', () => '"isVerified":false'],
  ])(
    'in a JSON body to %s: nothing polluted, no role or flag gained',
    async (_, method, template, inner) => {
      const res = await call<{ user?: { role: string }; property?: Record<string, unknown> }>(
        s.web.base,
        method,
        template.replace(':id', ids.baner),
        {
          token: template.endsWith('verify')
            ? s.admin.token
            : /:id|profile|password/.test(template)
              ? s.owner.token
              : undefined,
          body: payload(inner()),
          headers: { 'content-type': 'application/json' },
        },
      );
      expect(res.status, res.text).toBeLessThan(500);
      expectClean();
      if (res.body.user) expect(res.body.user.role).toBe('homeowner');
      if (res.body.property) {
        expect(res.body.property).not.toHaveProperty('polluted');
        expect(res.body.property.location).not.toHaveProperty('polluted');
      }
    },
  );

  it('in multipart keys and JSON-text parts of a listing: nothing polluted, nothing stored', async () => {
    const res = await call<{ property: Record<string, unknown> }>(
      s.web.base,
      'POST',
      '/api/properties',
      {
        token: s.owner.token,
        form: listingForm([
          ...Object.entries(LISTING_FORM).filter(([k]) => k !== 'facilities'),
          ['__proto__[polluted]', 'yes'],
          ['constructor[prototype][polluted]', 'yes'],
          ['location[__proto__][polluted]', 'yes'],
          ['location[constructor][prototype][isAdmin]', 'true'],
          ['facilities', '{"__proto__":{"polluted":"yes"},"wifi":true}'],
          ['propertyDetails', '{"constructor":{"prototype":{"polluted":"yes"}},"bedrooms":1}'],
        ]),
      },
    );
    expect(res.status, res.text).toBe(201);
    expectClean();
    expect(JSON.stringify(res.body.property)).not.toContain('polluted');
    expect(res.body.property.facilities).toMatchObject({ wifi: true });
  });

  it('in query strings (bracket keys) of the search and geocoder: nothing polluted', async () => {
    for (const path of [
      '/api/properties/public?__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
      '/api/properties/public?__proto__.polluted=yes&city[__proto__][polluted]=yes',
      '/api/geo/search?q=Pune&__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
      '/api/geo/reverse?lat=18.5&lng=73.8&__proto__[polluted]=yes',
      '/api/rent-trends?city=Pune&__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
    ]) {
      const res = await call(s.web.base, 'GET', path, { token: undefined });
      // 503 is the geocoder without a gazetteer loaded in this test's search engine.
      expect(res.status, path).not.toBe(500);
      expectClean();
    }
  });

  it('a user registered after every attempt above is still a plain homeowner', async () => {
    const res = await call<{ user: Record<string, unknown> }>(
      s.web.base,
      'POST',
      '/api/auth/register',
      {
        json: {
          name: 'After The Attack',
          email: `after-${Date.now()}@example.in`,
          password: 'a-good-password',
          phone: '9876543210',
        },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('homeowner');
    expect(res.body.user).not.toHaveProperty('isAdmin');
  });
});

describe('duplicate keys: what is checked is what is stored', () => {
  const raw = (method: string, path: string, body: string, token?: string) =>
    call<ErrorBody & { user?: { role: string }; property?: { rent: number; title: string } }>(
      s.web.base,
      method,
      path,
      { token, body, headers: { 'content-type': 'application/json' } },
    );

  it('a register body with the role twice is read as its last role, and judged as such', async () => {
    const base = (email: string) =>
      `"name":"Dup Keys","email":"${email}","password":"a-good-password","phone":"9876543210"`;
    const admin = await raw(
      'POST',
      '/api/auth/register',
      `{${base(`dup1-${Date.now()}@example.in`)},"role":"tenant","role":"admin"}`,
    );
    expect(admin.status).toBe(400);
    expect(admin.body.errors).toEqual([{ path: 'role', msg: MESSAGES.role }]);
    const tenantBody = await raw(
      'POST',
      '/api/auth/register',
      `{${base(`dup2-${Date.now()}@example.in`)},"role":"admin","role":"tenant"}`,
    );
    expect(tenantBody.status).toBe(201);
    expect(tenantBody.body.user?.role).toBe('tenant');
  });

  it('a listing edit with a value twice stores the last one only if the last one is valid', async () => {
    const path = `/api/properties/${ids.baner}`;
    const refused = await raw('PUT', path, '{"rent":25000,"rent":1e308}', s.owner.token);
    expect(refused.status).toBe(400);
    const stored = await raw('PUT', path, '{"rent":1e308,"rent":26000}', s.owner.token);
    expect(stored.status).toBe(200);
    expect(stored.body.property?.rent).toBe(26000);
    const form = await call<{ property: { rent: number } }>(s.web.base, 'PUT', path, {
      token: s.owner.token,
      form: listingForm([
        ['rent', '0x10'],
        ['rent', '27000'],
      ]),
    });
    expect(form.status).toBe(200);
    expect(form.body.property.rent).toBe(27000);
  });
});

describe('the Host header', () => {
  it('never reaches a link the server writes (Location of a new listing)', async () => {
    const res = await call(s.web.base, 'POST', '/api/properties', {
      token: s.owner.token,
      form: listingForm(),
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/api\/properties\/[\w-]+$/);
  });
});
