import type { Step } from './scenario.ts';

/**
 * The load's own accounts, the same on every run: a run signs in and
 * registers only the ones missing, because one address may register 10
 * accounts an hour (api/src/auth/attemptLimits.ts) and a stack is loaded
 * many times.
 */
export const LOAD_PASSWORD = 'load-password-2026';

export type Role = 'tenant' | 'homeowner';

export const loadEmail = (role: Role, n: number) => `load-${role}-${n}@load.example.in`;

/** Tokens by email, as the sign-in steps leave them in a setup's shared state. */
export type Tokens = { tokens: Record<string, string> };

export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const tokenOf = (body: string) => (JSON.parse(body) as { token?: string }).token;

/** Sign in as load account `n` of `role`; register it when it does not exist yet. */
export const signInOrRegister = <S extends Tokens>(role: Role, n: number): Step<S>[] => {
  const email = loadEmail(role, n);
  return [
    {
      request: () => ({
        kind: 'sign-in',
        method: 'POST',
        path: '/api/auth/login',
        ...json({ email, password: LOAD_PASSWORD }),
        expect: [200, 401],
      }),
      response: (s, status, body) => {
        if (status === 200) s.tokens[email] = tokenOf(body) ?? '';
      },
    },
    {
      request: (s) =>
        s.tokens[email]
          ? null
          : {
              kind: 'register',
              method: 'POST',
              path: '/api/auth/register',
              ...json({
                name: `Load ${role} ${n}`,
                email,
                password: LOAD_PASSWORD,
                phone: `98${role === 'tenant' ? 1 : 2}${String(n).padStart(7, '0')}`,
                role,
              }),
              expect: [201],
            },
      response: (s, status, body) => {
        if (status === 201) s.tokens[email] = tokenOf(body) ?? '';
      },
    },
  ];
};
