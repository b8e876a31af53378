import { createRandom, type Random } from '../../seed/random.ts';
import { bearer, loadEmail, signInOrRegister, type Tokens } from './accounts.ts';
import type { Place } from './places.ts';
import { queryString } from './queryString.ts';
import type { Scenario } from './scenario.ts';
import { tenantQuery } from './tenantQueries.ts';

type Shared = Tokens & { listed: string[] };

type State = { random: Random; places: Place[]; token: string; found: string[]; listed: string[] };

const TENANT = loadEmail('tenant', 1);

const idsIn = (body: string) =>
  ((JSON.parse(body) as { properties?: { _id: string }[] }).properties ?? []).map((p) => p._id);

/**
 * A map viewport around one of the place's localities, from a street's width to the whole city, with the
 * zoom a map of about 1,000 px across shows it at.
 */
const viewport = (random: Random, place: Place) => {
  const at = random.chance(0.5) ? place.centre : random.pick(place.localities);
  const km = 1 + random.next() * place.radiusKm * 2;
  const dLat = km / 2 / 111;
  const dLng = km / 2 / (111 * Math.cos((at.lat * Math.PI) / 180));
  const bbox = [at.lng - dLng, at.lat - dLat, at.lng + dLng, at.lat + dLat]
    .map((x) => x.toFixed(4))
    .join(',');
  // A web-mercator tile is 40,075 km × cos(lat) / 2^zoom wide; four 256 px tiles ≈ 1,000 px.
  const zoom = Math.log2((4 * 40_075 * Math.cos((at.lat * Math.PI) / 180)) / km);
  return { bbox, zoom: Math.min(14, Math.max(4, zoom)).toFixed(1) };
};

/** The ids of a map answer's points (none when it answered with clusters). */
const pointIdsIn = (body: string) =>
  ((JSON.parse(body) as { points?: { id: string }[] }).points ?? []).map((p) => p.id);

/**
 * Tenant search: a signed-in tenant searches with the query mix of
 * `bench:search`, moves the map (every match in the viewport, GET /api/properties/map), and opens
 * one of the listings found (half the time as a visitor would, without a token).
 */
export const tenantSearch: Scenario<Shared, State> = {
  name: 'tenant-search',
  about: 'searches (the bench:search mix), map viewports, detail views',
  kinds: ['search', 'map', 'detail'],
  // Search p99 at half of peak; the map viewport's server time (DESIGN §12).
  p99Bars: { search: 25, map: 150 },
  setup: () => ({
    start: () => ({ tokens: {}, listed: [] }),
    steps: [
      ...signInOrRegister<Shared>('tenant', 1),
      {
        // Listings to open when a search finds none.
        request: () => ({
          kind: 'listed',
          method: 'GET',
          path: '/api/properties/public?limit=50',
          expect: [200],
        }),
        response: (s, status, body) => {
          if (status === 200) s.listed = idsIn(body);
        },
      },
    ],
  }),
  iteration: (shared, n, inputs) => ({
    random: createRandom(n),
    places: inputs.places,
    token: shared.tokens[TENANT] ?? '',
    found: [],
    listed: shared.listed,
  }),
  steps: [
    {
      request: (s) => ({
        kind: 'search',
        method: 'GET',
        path: `/api/properties?${queryString(tenantQuery(s.random, s.places))}`,
        headers: bearer(s.token),
        expect: [200],
      }),
      response: (s, status, body) => {
        if (status === 200) s.found = idsIn(body);
      },
    },
    {
      // The map moved: every match in its viewport as slim points or clusters, as the site's map asks.
      request: (s) => {
        const { bbox, zoom } = viewport(s.random, s.random.pick(s.places));
        return {
          kind: 'map',
          method: 'GET',
          path: `/api/properties/map?${queryString([
            ['bbox', bbox],
            ['zoom', zoom],
          ])}`,
          headers: bearer(s.token),
          expect: [200],
        };
      },
      response: (s, status, body) => {
        if (status === 200 && s.found.length === 0) s.found = pointIdsIn(body);
      },
    },
    {
      request: (s) => {
        const pool = s.found.length > 0 ? s.found : s.listed;
        if (pool.length === 0) return null;
        return {
          kind: 'detail',
          method: 'GET',
          path: `/api/properties/${s.random.pick(pool)}`,
          ...(s.random.chance(0.5) ? { headers: bearer(s.token) } : {}),
          // 404: deleted (or, for a visitor, delisted) since the search listed it; the
          // owner-dashboard scenario deletes its own listings at the end of each round.
          expect: [200, 404],
        };
      },
    },
  ],
};
