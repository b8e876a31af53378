import { createRandom, type Random } from '../../seed/random.ts';
import {
  LOAD_PASSWORD,
  bearer,
  json,
  loadEmail,
  signInOrRegister,
  type Tokens,
} from './accounts.ts';
import { listingForm } from './listingForm.ts';
import type { Place } from './places.ts';
import type { Scenario } from './scenario.ts';

/** Owners 1–4 (city-regeneration uses 5 and 6, so one scenario's listings never show in the other's). */
export const DASHBOARD_OWNERS = [1, 2, 3, 4];

type State = {
  random: Random;
  n: number;
  email: string;
  place: Place;
  photo: Uint8Array;
  token?: string;
  id?: string;
};

const withToken = (s: State) => (s.token ? bearer(s.token) : undefined);

/**
 * Owner dashboard: an owner signs in, opens their list, lists a flat with a
 * photo, edits its rent, delists it, and deletes it (so that an owner's list,
 * and a soak's, stays the same size).
 */
export const ownerDashboard: Scenario<Tokens, State> = {
  name: 'owner-dashboard',
  about: 'sign in, my-properties, create with a photo, edit, toggle (then delete)',
  kinds: ['sign-in', 'my-properties', 'create', 'edit', 'toggle', 'delete'],
  // Photos processed within 3 s (DESIGN §12: ten 5 MB photos; here one, as most listings start).
  p99Bars: { create: 3000 },
  setup: () => ({
    start: () => ({ tokens: {} }),
    steps: DASHBOARD_OWNERS.flatMap((n) => signInOrRegister<Tokens>('homeowner', n)),
  }),
  iteration: (_shared, n, inputs) => {
    const random = createRandom(n);
    return {
      random,
      n,
      email: loadEmail('homeowner', DASHBOARD_OWNERS[Math.abs(n) % DASHBOARD_OWNERS.length]!),
      place: random.pick(inputs.places),
      photo: inputs.photo,
    };
  },
  steps: [
    {
      request: (s) => ({
        kind: 'sign-in',
        method: 'POST',
        path: '/api/auth/login',
        ...json({ email: s.email, password: LOAD_PASSWORD }),
        expect: [200],
      }),
      response: (s, status, body) => {
        if (status === 200) s.token = (JSON.parse(body) as { token: string }).token;
      },
    },
    {
      request: (s) =>
        s.token
          ? {
              kind: 'my-properties',
              method: 'GET',
              path: '/api/properties/my-properties',
              headers: withToken(s),
              expect: [200],
            }
          : null,
    },
    {
      request: (s) => {
        const form = listingForm(s.random, s.place, `Load test flat ${s.n}`, s.photo);
        return {
          kind: 'create',
          method: 'POST',
          path: '/api/properties',
          headers: { ...withToken(s), 'content-type': form.contentType },
          body: form.body,
          expect: [201],
        };
      },
      response: (s, status, body) => {
        if (status === 201) s.id = (JSON.parse(body) as { property: { _id: string } }).property._id;
      },
    },
    {
      request: (s) =>
        s.id
          ? {
              kind: 'edit',
              method: 'PUT',
              path: `/api/properties/${s.id}`,
              headers: { ...withToken(s), ...json({}).headers },
              body: JSON.stringify({ rent: 10_000 + s.random.int(0, 400) * 100 }),
              expect: [200],
            }
          : null,
    },
    {
      request: (s) => ({
        kind: 'toggle',
        method: 'PATCH',
        path: `/api/properties/${s.id}/toggle-availability`,
        headers: withToken(s),
        expect: [200],
      }),
    },
    {
      request: (s) => ({
        kind: 'delete',
        method: 'DELETE',
        path: `/api/properties/${s.id}`,
        headers: withToken(s),
        expect: [200],
      }),
    },
  ],
};
