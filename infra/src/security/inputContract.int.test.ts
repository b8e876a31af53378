import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { LISTING_STREAM_TYPE, listingStreamId } from '@rentals/core/listings/events';
import { fieldMessages as m } from '@rentals/core/listings/fields';
import { ValidationError } from '@rentals/core/errors';
import { InvalidEventError } from '@rentals/core/eventStore/registry';
import { testAppWithUsers, type TestUser } from '@rentals/testing/testApp';
import { listingCreated, testFields } from '@rentals/testing/listingFixtures';
import { listingReadModel } from '@rentals/projections/readModels/listingReadModel';
import { publicListingModel } from '@rentals/projections/readModels/publicListingModel';
import { startProjection, type RunningProjection } from '@rentals/projections/runner/runner';
import { seedListingEvents } from '../seed/seed.ts';
import { ROLES_FOR, ROUTE_TABLE } from '@rentals/api/access/routeTable';

/**
 * The input contract under attack (issue 11): values no read model can hold,
 * NUL and control characters, malformed ids and invented cities, by every
 * path that writes — the API (as owner and as admin), the seed's domain path
 * and a raw append to the event store. Each must be refused with a clear 4xx
 * (or, below the API, an error) and leave the log and the read side as they
 * were.
 */
type ErrorBody = { message: string; errors?: { path: string; msg: string }[] };
type PropertyBody = { property: PropertyDocument };

const s = testAppWithUsers({ owner: 'homeowner', admin: 'admin' });
let runners: RunningProjection[];

beforeAll(() => {
  runners = [listingReadModel, publicListingModel].map((p) =>
    startProjection(s.t.db.sql, p, { batchSize: 50, pollIntervalMs: 10 }),
  );
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

const validForm: Record<string, string> = {
  ...LISTING_FORM,
  title: 'Sunny 2BHK near Baner',
  rent: '25000',
};
const form = (values: Record<string, string>) => listingForm(values);

const create = (values: Record<string, string>, token = s.owner.token) =>
  s.t.request<PropertyBody & ErrorBody>('POST', '/api/properties', { token, form: form(values) });

const versionOf = async (id: string) =>
  (await s.t.deps.eventStore.readStream(listingStreamId(id))).version;

/** The read side is still applying events: a new listing by someone else shows to visitors. */
const readSideStillFlows = async () => {
  const other = await s.t.registerUser('broker');
  const res = await create({ ...validForm, title: 'Proof the read side still flows' }, other.token);
  expect(res.status).toBe(201);
  await Promise.all(runners.map((r) => r.whenCaughtUp(20_000)));
  const seen = await s.t.request<PropertyBody>('GET', `/api/properties/${res.body.property._id}`);
  expect(seen.status).toBe(200);
  expect(seen.body.property.title).toBe('Proof the read side still flows');
};

describe('the one-edit freeze: PUT {"propertyDetails":{"bedrooms":1e300}}', () => {
  let id: string;
  beforeAll(async () => {
    const res = await create(validForm);
    expect(res.status).toBe(201);
    id = res.body.property._id;
  });

  it('is refused through the API as JSON, as raw JSON text and as multipart, by the owner and by an admin', async () => {
    const before = await versionOf(id);
    const attempts = [
      { token: s.owner.token, json: { propertyDetails: { bedrooms: 1e300 } } },
      { token: s.admin.token, json: { propertyDetails: { bedrooms: 1e300 } } },
      {
        token: s.owner.token,
        body: '{"propertyDetails":{"bedrooms":1e300}}',
        headers: { 'content-type': 'application/json' },
      },
      { token: s.owner.token, form: form({ propertyDetails: '{"bedrooms":1e300}' }) },
      { token: s.admin.token, form: form({ propertyDetails: '{"bedrooms":1e300}' }) },
    ];
    for (const attempt of attempts) {
      const res = await s.t.request<ErrorBody>('PUT', `/api/properties/${id}`, attempt);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Validation failed',
        errors: [{ path: 'propertyDetails.bedrooms', msg: m.bedroomsRange }],
      });
    }
    expect(await versionOf(id)).toBe(before);
    await readSideStillFlows();
  });

  it('is refused on the seed’s path (decide), before anything is appended', () => {
    const fields = testFields({
      propertyDetails: { bedrooms: 1e300, bathrooms: 1, area: 500, floor: 0, totalFloors: 0 },
    });
    expect(() =>
      seedListingEvents({
        listingId: 'seed-freeze',
        owner: { id: s.owner.user._id, name: 'Asha', role: 'homeowner' },
        admin: { id: s.admin.user._id, role: 'admin' },
        generated: { fields, images: [] },
        createdAt: '2026-01-01T00:00:00.000Z',
        later: '2026-01-02T00:00:00.000Z',
        delist: false,
        verify: true,
      }),
    ).toThrow(ValidationError);
  });

  it('is refused by the event store itself, for an import or any code that skips decide', async () => {
    const created = listingCreated('import-freeze', { ownerId: s.owner.user._id });
    created.data.propertyDetails = { ...created.data.propertyDetails, bedrooms: 1e300 };
    await expect(
      s.t.deps.eventStore.append(listingStreamId('import-freeze'), LISTING_STREAM_TYPE, 0, [
        created,
      ]),
    ).rejects.toThrow(InvalidEventError);
    await expect(
      s.t.deps.eventStore.append(listingStreamId(id), LISTING_STREAM_TYPE, 'any', [
        {
          type: 'ListingDetailsRevised',
          data: {
            listingId: id,
            at: '2026-01-02T00:00:00.000Z',
            propertyDetails: { bedrooms: 1e300, bathrooms: 1, area: 1, floor: 0, totalFloors: 0 },
          },
        },
      ]),
    ).rejects.toThrow(/propertyDetails\.bedrooms/);
    expect(await versionOf('import-freeze')).toBe(0);
    await readSideStillFlows();
  });
});

describe('malformed numbers', () => {
  it.each([
    [{ rent: '1e308' }, 'rent', m.rentNumber],
    [{ rent: '0x10' }, 'rent', m.rentNumber],
    [{ rent: 'Infinity' }, 'rent', m.rentNumber],
    [{ rent: 'NaN' }, 'rent', m.rentNumber],
    [{ rent: '9007199254740993' }, 'rent', m.rentMax],
    [{ rent: '100000000' }, 'rent', m.rentMax],
    [{ rent: '2.5' }, 'rent', m.rentWhole],
    [{ propertyDetails: '{"bedrooms":2.5}' }, 'propertyDetails.bedrooms', m.bedroomsRange],
    [{ propertyDetails: '{"bathrooms":"0x10"}' }, 'propertyDetails.bathrooms', m.bathroomsRange],
    [{ propertyDetails: '{"area":1e9}' }, 'propertyDetails.area', m.areaRange],
    [{ propertyDetails: '{"floor":"1e2","totalFloors":0}' }, 'propertyDetails.floor', m.floorRange],
    [{ propertyDetails: '{"totalFloors":-1}' }, 'propertyDetails.totalFloors', m.totalFloors],
    [{ 'location[coordinates][latitude]': '1e1' }, 'location.coordinates.latitude', m.latitude],
    [
      { 'location[coordinates][latitude]': '51.5' },
      'location.coordinates.latitude',
      m.latitudeIndia,
    ],
  ])('create with %o → 400 %s: %s', async (change, path, msg) => {
    const res = await create({ ...validForm, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, msg }]);
  });

  it('refuses JSON numbers beyond the bounds on an edit, whatever their notation', async () => {
    const { body } = await create(validForm);
    for (const [json, path, msg] of [
      ['{"rent":1e308}', 'rent', m.rentMax],
      ['{"rent":9007199254740993}', 'rent', m.rentMax],
      ['{"rent":"0x10"}', 'rent', m.rentNumber],
      ['{"rent":16.5}', 'rent', m.rentWhole],
      ['{"propertyDetails":{"floor":-1e-300}}', 'propertyDetails.floor', m.floorRange],
      ['{"propertyDetails":{"floor":-1}}', 'propertyDetails.floor', m.floor],
      [
        '{"location":{"coordinates":{"latitude":1e300,"longitude":77}}}',
        'location.coordinates.latitude',
        m.latitude,
      ],
    ] as const) {
      const res = await s.t.request<ErrorBody>('PUT', `/api/properties/${body.property._id}`, {
        token: s.owner.token,
        body: json,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, json).toBe(400);
      expect(res.body.errors, json).toEqual([{ path, msg }]);
    }
  });
});

describe('NUL and other control characters', () => {
  it.each([
    ['title', { title: 'Sunny 2BHK\u0000 flat' }, 'title', m.titleControl],
    [
      'description',
      { description: `${validForm.description}\u0000` },
      'description',
      m.descriptionControl,
    ],
    ['city', { 'location[city]': 'Pu\u0000ne' }, 'location.city', m.cityUnknown],
    ['area', { 'location[area]': 'Ba\u0000ner' }, 'location.area', m.areaControl],
    ['address', { 'location[address]': 'Lane\u0000 4' }, 'location.address', m.addressControl],
    ['pin code', { 'location[pinCode]': '41104\u0000' }, 'location.pinCode', m.pinFormat],
    ['title (escape)', { title: 'Sunny \u001b[2J 2BHK' }, 'title', m.titleControl],
    [
      'caption',
      { imageCaptions: JSON.stringify(['Hall\u0000']) },
      'imageCaptions.0',
      m.captionControl,
    ],
  ])('in the listing %s → 400 with a field message', async (_field, change, path, msg) => {
    const res = await create({ ...validForm, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, msg }]);
  });

  it('in a JSON edit → 400, and nothing is recorded', async () => {
    const { body } = await create(validForm);
    const before = await versionOf(body.property._id);
    const res = await s.t.request<ErrorBody>('PUT', `/api/properties/${body.property._id}`, {
      token: s.owner.token,
      json: { title: 'Sunny\u0000', location: { area: 'B\u0000' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'title', msg: m.titleControl },
      { path: 'location.area', msg: m.areaControl },
    ]);
    expect(await versionOf(body.property._id)).toBe(before);
  });

  it('in register, login and profile → 400 with a field message, never 500', async () => {
    const register = await s.t.request<ErrorBody>('POST', '/api/auth/register', {
      json: {
        name: 'Ravi\u0000',
        email: 'ravi\u0000@example.in',
        password: 'sec\u0000ret1',
        phone: '9876543210',
      },
    });
    expect(register.status).toBe(400);
    expect(register.body.errors).toEqual([
      { path: 'name', msg: 'Name cannot contain control characters' },
      { path: 'email', msg: 'Please provide a valid email address' },
      { path: 'password', msg: 'Password cannot contain control characters' },
    ]);
    const login = await s.t.request<ErrorBody>('POST', '/api/auth/login', {
      json: { email: 'a\u0000@example.in', password: 'x\u0000' },
    });
    expect(login.status).toBe(400);
    expect(login.body.errors).toEqual([
      { path: 'email', msg: 'Please enter a valid email address' },
      { path: 'password', msg: 'Password cannot contain control characters' },
    ]);
    const profile = await s.t.request<ErrorBody>('PUT', '/api/auth/profile', {
      token: s.owner.token,
      json: { name: 'Asha\u0000' },
    });
    expect(profile.status).toBe(400);
    expect(profile.body.errors).toEqual([
      { path: 'name', msg: 'Name cannot contain control characters' },
    ]);
  });

  it('in a search → 400 naming the parameter', async () => {
    const res = await s.t.request<ErrorBody>(
      'GET',
      '/api/properties/public?q=lake%00view&city=Pu%00ne',
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'city', msg: 'city cannot contain control characters' },
      { path: 'q', msg: 'q cannot contain control characters' },
    ]);
  });
});

describe('rent trends', () => {
  it('a control character or an over-long place → 400 naming the parameter', async () => {
    const res = await s.t.request<ErrorBody>(
      'GET',
      `/api/rent-trends?city=Pu%00ne&locality=${'a'.repeat(101)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['city', 'locality']);
  });
});

describe('malformed ids', () => {
  const bad = [
    '%00',
    'abc%00def',
    'x'.repeat(65),
    "1'%20OR%20'1'%3D'1",
    '..%2F..%2Fetc%2Fpasswd',
    '%F0%9F%98%80',
    'a.b',
    '%20',
    '%E0%A4%A',
    '%ZZ',
  ];
  it.each(bad)('/api/properties/%s is 404 for every method, never 500', async (id) => {
    const calls: [string, string, string | undefined][] = [
      ['GET', `/api/properties/${id}`, undefined],
      ['GET', `/api/properties/${id}`, s.owner.token],
      ['PUT', `/api/properties/${id}`, s.owner.token],
      ['DELETE', `/api/properties/${id}`, s.owner.token],
      ['PATCH', `/api/properties/${id}/toggle-availability`, s.owner.token],
      ['PATCH', `/api/properties/${id}/verify`, s.admin.token],
      ['GET', `/api/properties/${id}/market`, s.owner.token],
    ];
    for (const [method, path, token] of calls) {
      const res = await s.t.request<ErrorBody>(method, path, {
        token,
        ...(method === 'PUT' ? { json: { title: 'A valid new title' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      // A path that does not even percent-decode is refused before routing, for every /api route.
      const expected = /%E0%A4%A|%ZZ/.test(id) ? 'Not found' : 'Property not found';
      expect(res.body, `${method} ${path}`).toEqual({ message: expected });
    }
  });
});

describe('cities', () => {
  it.each(['Wonderland', 'New York', '서울특별시', 'Koramangala', 'Pune<script>'])(
    'refuses the invented city %s',
    async (city) => {
      const res = await create({ ...validForm, 'location[city]': city });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'location.city', msg: 'Choose a city from the list' },
      ]);
    },
  );

  it('accepts other spellings and stores the list’s name, on create and edit', async () => {
    const res = await create({ ...validForm, 'location[city]': 'bangalore' });
    expect(res.status).toBe(201);
    expect(res.body.property.location.city).toBe('Bengaluru');
    const edit = await s.t.request<PropertyBody>(
      'PUT',
      `/api/properties/${res.body.property._id}`,
      {
        token: s.owner.token,
        json: { location: { city: 'Gurgaon' } },
      },
    );
    expect(edit.status).toBe(200);
    expect(edit.body.property.location.city).toBe('Gurugram');
  });
});

/**
 * Every string a request carries, found in the OpenAPI document (so a new
 * endpoint is covered without touching this file): each body field, query
 * parameter and path parameter of each route, sent with a NUL byte by a
 * caller the route admits. The answer is a 4xx, and a 400 names the field.
 */
describe('a NUL byte in any field of any route', () => {
  type Param = { name: string; in: string; schema?: OpenApiSchema };
  type OpenApiSchema = {
    type?: string;
    properties?: Record<string, OpenApiSchema>;
    anyOf?: OpenApiSchema[];
    const?: unknown;
  };
  type Operation = {
    parameters?: Param[];
    requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
  };
  type Probe = { method: string; path: string; where: string; field: string };

  const NUL = 'a\u0000b';
  const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
  /** Routes whose answer never ends: probed by status only, then dropped. */
  const STREAMS = new Set(['/api/conversations/stream']);

  const isStringy = (s: OpenApiSchema): boolean =>
    s.type === 'string' || (s.anyOf?.some(isStringy) ?? false) || typeof s.const === 'string';
  /** `location.area` for nested JSON objects, as validation errors name them. */
  const stringFields = (s: OpenApiSchema, prefix = ''): string[] =>
    Object.entries(s.properties ?? {}).flatMap(([name, field]) =>
      field.properties
        ? stringFields(field, `${prefix}${name}.`)
        : isStringy(field)
          ? [`${prefix}${name}`]
          : [],
    );
  const nested = (path: string, value: unknown): Record<string, unknown> => {
    const [head, ...rest] = path.split('.');
    return { [head!]: rest.length ? nested(rest.join('.'), value) : value };
  };

  /** A form part, or a field inside a part that carries JSON (`propertyDetails.bedrooms`). */
  const formWith = (field: string) => {
    const [part, ...rest] = field.split('.');
    const form = new FormData();
    form.set(part!, rest.length ? JSON.stringify(nested(rest.join('.'), NUL)) : NUL);
    return form;
  };
  /** `location[city]` is reported as `location.city`. */
  const errorPath = (field: string) => field.replace(/\[(\w+)\]/g, '.$1');

  let doc: { paths: Record<string, Record<string, Operation>> };
  const probes: Probe[] = [];
  const callers = new Map<string, TestUser | null>();

  beforeAll(async () => {
    doc = (await s.t.request<typeof doc>('GET', '/api/openapi.json')).body;
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations)) {
        const add = (where: string, field: string) =>
          probes.push({ method: method.toUpperCase(), path, where, field });
        for (const p of op.parameters ?? [])
          if (p.in === 'query' || p.in === 'path') add(p.in, p.name);
        // Elysia lists every type it parses; JSON and multipart are the ones our clients send.
        for (const type of ['application/json', 'multipart/form-data']) {
          const content = op.requestBody?.content[type];
          for (const field of content ? stringFields(content.schema) : []) add(type, field);
        }
      }
  });

  const callerFor = async (method: string, path: string) => {
    const rule = ROUTE_TABLE.find(
      (r) => r.method === method && r.path === path.replace(/\{(\w+)\}/g, ':$1'),
    );
    const roles = rule ? ROLES_FOR[rule.access] : null;
    if (roles === null) return null;
    // A fresh caller for each route: no limit of an earlier probe answers for this one.
    return s.t.registerUser(roles.includes('tenant') ? 'tenant' : roles[0]!);
  };

  const send = async (probe: Probe) => {
    const key = `${probe.method} ${probe.path}`;
    if (!callers.has(key)) callers.set(key, await callerFor(probe.method, probe.path));
    const token = callers.get(key)?.token;
    const path = probe.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      probe.where === 'path' && name === probe.field ? encodeURIComponent(NUL) : MADE_UP_ID,
    );
    const query = probe.where === 'query' ? `?${probe.field}=${encodeURIComponent(NUL)}` : '';
    const options =
      probe.where === 'application/json'
        ? { json: nested(probe.field, NUL) }
        : probe.where === 'multipart/form-data'
          ? { form: formWith(probe.field) }
          : {};
    if (STREAMS.has(probe.path)) {
      const response = await s.t.app.handle(
        new Request(`http://localhost${path}${query}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      );
      await response.body?.cancel();
      return { status: response.status, body: null as ErrorBody | null };
    }
    return s.t.request<ErrorBody>(probe.method, `${path}${query}`, { token, ...options });
  };

  it('finds the fields to probe in the document', () => {
    expect(probes.length).toBeGreaterThan(50);
    expect(probes).toContainEqual(
      expect.objectContaining({ path: '/api/reports', where: 'application/json', field: 'note' }),
    );
  });

  it('is refused with a 4xx on every route, a 400 naming the field, never a 500', async () => {
    const wrong: string[] = [];
    for (const probe of probes) {
      const res = await send(probe);
      // A path parameter is judged by status alone: the route refuses its missing body first.
      const named =
        probe.where === 'path' ||
        res.status !== 400 ||
        !res.body?.errors ||
        res.body.errors.some(
          (e) =>
            e.path === errorPath(probe.field) || e.path.startsWith(`${errorPath(probe.field)}.`),
        );
      if (res.status < 400 || res.status >= 500 || !named)
        wrong.push(
          `${probe.method} ${probe.path} ${probe.where} ${probe.field} → ${res.status} ${JSON.stringify(res.body)}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});
