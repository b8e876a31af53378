import { createRandom, type Random } from '../../seed/random.ts';
import { bearer, json, loadEmail, signInOrRegister, type Tokens } from './accounts.ts';
import { listingForm } from './listingForm.ts';
import { citySlug, type Place } from './places.ts';
import type { Scenario, Step } from './scenario.ts';

const OWNERS = [5, 6];

/** Per city (slug), the load's own listing there and its owner's email. */
type Shared = Tokens & { listings: Record<string, { id: string; email: string }> };

type State = { random: Random; n: number; shared: Shared; places: Place[] };

const ownerOf = (i: number) => loadEmail('homeowner', OWNERS[i % OWNERS.length]!);

/** The visitors' reads per edit. */
const READS_PER_EDIT = 4;

/**
 * City regeneration: a burst of edits across every city (each edit changes a
 * listing's title and rent, so its city's pages are generated again) while
 * visitors read city pages. The listings edited are the load's own, one per
 * city, created by the first run on a stack and found again by later runs.
 */
export const cityRegeneration: Scenario<Shared, State> = {
  name: 'city-regeneration',
  about: 'edits across all cities while visitors read the static city pages',
  kinds: ['edit', 'city-page'],
  setup: (inputs) => ({
    start: () => ({ tokens: {}, listings: {} }),
    steps: [
      ...OWNERS.flatMap((n) => signInOrRegister<Shared>('homeowner', n)),
      ...OWNERS.map((_, i): Step<Shared> => ({
        request: (s) => ({
          kind: 'my-properties',
          method: 'GET',
          path: '/api/properties/my-properties',
          headers: bearer(s.tokens[ownerOf(i)] ?? ''),
          expect: [200],
        }),
        response: (s, status, body) => {
          if (status !== 200) return;
          const { properties } = JSON.parse(body) as {
            properties: { _id: string; location: { city: string } }[];
          };
          for (const p of properties)
            s.listings[citySlug(p.location.city)] ??= { id: p._id, email: ownerOf(i) };
        },
      })),
      ...inputs.places.map((place, i): Step<Shared> => ({
        request: (s) => {
          if (s.listings[place.slug]) return null;
          const form = listingForm(
            createRandom(i),
            place,
            `Load city flat in ${place.name}`,
            inputs.photo,
          );
          return {
            kind: 'create',
            method: 'POST',
            path: '/api/properties',
            headers: { ...bearer(s.tokens[ownerOf(i)] ?? ''), 'content-type': form.contentType },
            body: form.body,
            expect: [201],
          };
        },
        response: (s, status, body) => {
          if (status === 201)
            s.listings[place.slug] = {
              id: (JSON.parse(body) as { property: { _id: string } }).property._id,
              email: ownerOf(i),
            };
        },
      })),
    ],
  }),
  iteration: (shared, n, inputs) => ({
    random: createRandom(n),
    n,
    shared,
    places: inputs.places.filter((p) => shared.listings[p.slug]),
  }),
  steps: [
    {
      request: (s) => {
        if (s.places.length === 0) return null;
        const place = s.places[Math.abs(s.n) % s.places.length]!;
        const { id, email } = s.shared.listings[place.slug]!;
        return {
          kind: 'edit',
          method: 'PUT',
          path: `/api/properties/${id}`,
          headers: { ...bearer(s.shared.tokens[email] ?? ''), ...json({}).headers },
          body: JSON.stringify({
            title: `Load city flat in ${place.name}, round ${s.n}`,
            rent: 10_000 + s.random.int(0, 400) * 100,
          }),
          expect: [200],
        };
      },
    },
    ...Array.from({ length: READS_PER_EDIT }, (): Step<State> => ({
      request: (s) => ({
        kind: 'city-page',
        method: 'GET',
        path: `/browse/cities/${s.random.pick(s.places).slug}`,
        expect: [200],
      }),
    })),
  ],
};
