import { Elysia } from 'elysia';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { createAccounts } from './accounts.ts';
import {
  AuthResponse,
  ChangePasswordBody,
  LoginBody,
  MESSAGES,
  MessageResponse,
  PasswordChangedResponse,
  ProfileBody,
  RegisterBody,
  UserResponse,
} from './model.ts';
import { requireJsonBody } from './jsonBody.ts';
import { checkLogin, checkNewPassword, checkProfile, checkRegister } from './rules.ts';

export type AuthDeps = Pick<
  AppDeps,
  'sql' | 'jwtSecret' | 'clock' | 'newId' | 'clientIp' | 'tokenTtlSeconds'
>;

const tags = ['Auth'];
const bearer = [{ bearer: [] }];

/** Register, login, logout, me, profile and change-password under /auth (the spec's §7 calls). */
export const authRoutes = (deps: AuthDeps) => {
  const accounts = createAccounts(deps);
  const clientAddress = (request: Request) => deps.clientIp?.(request) ?? 'unknown';

  return new Elysia({ name: 'auth', prefix: '/auth' })
    .use(access(deps))
    .onTransform(requireJsonBody)
    .post(
      '/register',
      async ({ body, request, set }) => {
        checkRegister(body);
        const account = { ...body, role: body.role ?? 'homeowner' } as const;
        const user = await accounts.register(account, clientAddress(request));
        set.status = 201;
        return accounts.signIn(user);
      },
      {
        body: RegisterBody,
        response: { 201: AuthResponse },
        detail: {
          summary: 'Create an account (homeowner, broker or tenant; default homeowner) and sign in',
          description:
            "409 when the email is taken. 'admin' is never accepted here; see npm run admin:create. " +
            'More than 10 registrations from one address in an hour: 429 with Retry-After (seconds).',
          tags,
        },
      },
    )
    .post(
      '/login',
      async ({ body, request }) => {
        checkLogin(body);
        return accounts.login(body.email, body.password, clientAddress(request));
      },
      {
        body: LoginBody,
        response: { 200: AuthResponse },
        detail: {
          summary: 'Sign in with email and password',
          description:
            '401 for an unknown email or a wrong password (same message, same time). After 5 failures for one ' +
            'email from one address, or 20 from one address, in 15 minutes: 429 with Retry-After (seconds).',
          tags,
        },
      },
    )
    .get('/me', async ({ user }) => ({ user: await accounts.me(user) }), {
      requireUser: true,
      response: { 200: UserResponse },
      detail: {
        summary: 'The signed-in user',
        description:
          '401 without a live token (missing, malformed, expired, logged out or from before a password change).',
        tags,
        security: bearer,
      },
    })
    .put(
      '/profile',
      async ({ user, body }) => {
        checkProfile(body);
        return { user: await accounts.updateProfile(user, body) };
      },
      {
        requireUser: true,
        body: ProfileBody,
        response: { 200: UserResponse },
        detail: {
          summary: 'Change your name and/or phone',
          description:
            'Other fields (email, role, password) are ignored; fields not sent keep their value.',
          tags,
          security: bearer,
        },
      },
    )
    .post(
      '/change-password',
      async ({ user, body, request }) => {
        checkNewPassword(body);
        const token = await accounts.changePassword(
          user,
          body.currentPassword,
          body.newPassword,
          clientAddress(request),
        );
        return { message: MESSAGES.passwordChanged, token };
      },
      {
        requireUser: true,
        body: ChangePasswordBody,
        response: { 200: PasswordChangedResponse },
        detail: {
          summary: 'Change your password; ends all your earlier tokens and returns a new one',
          description:
            'After 5 wrong current passwords for one account from one address, or 20 from one address, in 15 ' +
            'minutes: 429 with Retry-After (seconds).',
          tags,
          security: bearer,
        },
      },
    )
    .post(
      '/logout',
      async ({ session }) => {
        await accounts.logout(session);
        return { message: MESSAGES.loggedOut };
      },
      {
        requireUser: true,
        response: { 200: MessageResponse },
        detail: {
          summary: 'End this token',
          description: 'Only the token sent is revoked; other sessions of the user stay signed in.',
          tags,
          security: bearer,
        },
      },
    );
};
