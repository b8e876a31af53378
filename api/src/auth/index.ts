import { Elysia } from 'elysia';
import { saidFor } from '../i18n/apiErrors.ts';
import { access } from '../access/access.ts';
import type { AppDeps } from '../deps.ts';
import { createAccounts } from './accounts.ts';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  MESSAGES,
  ProfileBody,
  RegisterBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from './model.ts';
import {
  AuthResponse,
  MessageResponse,
  PasswordChangedResponse,
  UserResponse,
} from '@rentals/core/contract/user';
import { createPasswordReset } from './passwordReset.ts';
import { jsonBody, requireJsonBody } from './jsonBody.ts';
import {
  readChangePassword,
  readForgotPassword,
  readLogin,
  readProfile,
  readRegister,
  readResetPassword,
  readVerifyEmail,
} from './rules.ts';
import { createEmailVerification } from './emailVerification.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';

export type AuthDeps = Pick<
  AppDeps,
  | 'sql'
  | 'eventStore'
  | 'jwtSecret'
  | 'clock'
  | 'newId'
  | 'clientIp'
  | 'tokenTtlSeconds'
  | 'log'
  | 'mailer'
  | 'siteUrl'
>;

const tags = ['Auth'];
const bearer = [{ bearer: [] }];

/** What the auth routes share. */
type Ctx = {
  deps: AuthDeps;
  accounts: ReturnType<typeof createAccounts>;
  passwordReset: ReturnType<typeof createPasswordReset>;
  emailVerification: ReturnType<typeof createEmailVerification>;
  write: ReturnType<typeof idempotentWrites>;
  clientAddress: (request: Request) => string;
};

const routes = (ctx: Ctx, part: string) =>
  new Elysia({ name: `auth-${part}`, prefix: '/auth' })
    .use(access(ctx.deps))
    .onTransform(requireJsonBody);

/** Register and sign in. */
const signInRoutes = (ctx: Ctx) => {
  const { accounts, clientAddress, emailVerification } = ctx;
  return routes(ctx, 'signIn')
    .post(
      '/register',
      async ({ body, request, set }) => {
        const user = await accounts.register(readRegister(body), clientAddress(request));
        emailVerification.sendInBackground(user);
        set.status = 201;
        return accounts.signIn(user);
      },
      {
        response: { 201: AuthResponse },
        detail: {
          requestBody: jsonBody(RegisterBody),
          summary: 'Create an account (homeowner, broker or tenant; default homeowner) and sign in',
          description:
            'A link to confirm the email address is mailed after the answer. ' +
            "409 when the email is taken. 'admin' is never accepted here; see npm run admin:create. " +
            'More than 10 registrations from one address in an hour: 429 with Retry-After (seconds).',
          tags,
        },
      },
    )
    .post(
      '/login',
      async ({ body, request }) => {
        const input = readLogin(body);
        return accounts.login(input.email, input.password, clientAddress(request));
      },
      {
        response: { 200: AuthResponse },
        detail: {
          requestBody: jsonBody(LoginBody),
          summary: 'Sign in with email and password',
          description:
            '401 for an unknown email or a wrong password (same message, same time). After 5 failures for one ' +
            'email from one address, or 20 from one address, in 15 minutes: 429 with Retry-After (seconds). ' +
            'When too many sign-ins are already waiting for password hashing: 503 with Retry-After.',
          tags,
        },
      },
    );
};

/** The signed-in user: who they are, their profile and their password. */
const accountRoutes = (ctx: Ctx) => {
  const { accounts, write, clientAddress } = ctx;
  return routes(ctx, 'account')
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
      (context) =>
        write(
          context,
          async ({ user, body }) => ({
            user: await accounts.updateProfile(user, readProfile(body)),
          }),
          { fenced: false },
        ),
      {
        requireUser: true,
        response: { 200: UserResponse },
        detail: {
          requestBody: jsonBody(ProfileBody),
          summary:
            'Change your name, phone, the language of your emails and/or which notifications you get',
          description:
            'Other fields (email, role, password) are ignored; fields not sent keep their value.',
          tags,
          security: bearer,
        },
      },
    )
    .post(
      '/change-password',
      (context) =>
        write(
          context,
          async ({ user, body, request }) => {
            const input = readChangePassword(body);
            const token = await accounts.changePassword(
              user,
              input.currentPassword,
              input.newPassword,
              clientAddress(request),
            );
            return { message: saidFor(request, MESSAGES.passwordChanged), token };
          },
          { fenced: false },
        ),
      {
        requireUser: true,
        response: { 200: PasswordChangedResponse },
        detail: {
          requestBody: jsonBody(ChangePasswordBody),
          summary: 'Change your password; ends all your earlier tokens and returns a new one',
          description:
            'After 5 wrong current passwords for one account from one address, or 20 from one address, in 15 ' +
            'minutes: 429 with Retry-After (seconds).',
          tags,
          security: bearer,
        },
      },
    );
};

/** The password reset by email. */
const resetRoutes = (ctx: Ctx) => {
  const { passwordReset, clientAddress } = ctx;
  return routes(ctx, 'reset')
    .post(
      '/forgot-password',
      async ({ body, request }) => {
        await passwordReset.request(readForgotPassword(body).email, clientAddress(request));
        return { message: saidFor(request, MESSAGES.resetLinkSent) };
      },
      {
        response: { 200: MessageResponse },
        detail: {
          requestBody: jsonBody(ForgotPasswordBody),
          summary: 'Email a password reset link, valid once for 30 minutes',
          description:
            'The same answer, at the same speed, whether or not the email has an account: the link is ' +
            'sent after the answer. An account gets at most 3 links an hour. More than 5 requests for one ' +
            'email from one address, or 20 from one address, in an hour: 429 with Retry-After (seconds).',
          tags,
        },
      },
    )
    .post(
      '/reset-password',
      async ({ body, request }) => {
        const input = readResetPassword(body);
        await passwordReset.reset(input.token, input.newPassword, clientAddress(request));
        return { message: saidFor(request, MESSAGES.passwordReset) };
      },
      {
        response: { 200: MessageResponse },
        detail: {
          requestBody: jsonBody(ResetPasswordBody),
          summary: "Set a new password with the token of a reset email's link",
          description:
            'Ends every earlier session of the account and voids its other reset links. A malformed, ' +
            'unknown, used or expired link: 400 with a message saying which, and to ask for a new one. ' +
            'More than 20 attempts from one address in 15 minutes: 429 with Retry-After (seconds).',
          tags,
        },
      },
    );
};

/** The email address's verification: the link's token, and 'Resend the link'. */
const verifyEmailRoutes = (ctx: Ctx) => {
  const { emailVerification, write, clientAddress } = ctx;
  return routes(ctx, 'verifyEmail')
    .post(
      '/verify-email',
      async ({ body, request }) => ({
        message: saidFor(request, await emailVerification.verify(readVerifyEmail(body).token)),
      }),
      {
        response: { 200: MessageResponse },
        detail: {
          requestBody: jsonBody(VerifyEmailBody),
          summary: "Confirm the account's email address with the token of its email's link",
          description:
            'No sign-in: the token is the proof. 200 when confirmed, and again (saying it is already ' +
            'confirmed) for a link used before; 400 for a malformed, unknown, expired link or one sent to ' +
            "an address the account no longer has, with a message saying to use 'Resend the link'.",
          tags,
        },
      },
    )
    .post(
      '/verify-email/resend',
      (context) =>
        write(
          context,
          async ({ user, request }) => ({
            message: saidFor(
              request,
              await emailVerification.resend(user.id, clientAddress(request)),
            ),
          }),
          { fenced: false },
        ),
      {
        requireUser: true,
        response: { 200: MessageResponse },
        detail: {
          summary: "Email a new link to confirm the signed-in account's address",
          description:
            '409 when the address is already confirmed. At most 3 an hour per account (30 per address): ' +
            '429 with Retry-After (seconds).',
          tags,
          security: bearer,
        },
      },
    );
};

/** Sign out of this token, or of every device. */
const signOutRoutes = (ctx: Ctx) => {
  const { accounts, write } = ctx;
  return routes(ctx, 'signOut')
    .post(
      '/logout-all',
      (context) =>
        write(
          context,
          async ({ user, request }) => {
            await accounts.logoutEverywhere(user);
            return { message: saidFor(request, MESSAGES.signedOutEverywhere) };
          },
          { fenced: false },
        ),
      {
        requireUser: true,
        response: { 200: MessageResponse },
        detail: {
          summary: 'Sign out of all devices',
          description:
            'Ends every token of the user, the one sent included, and forgets every browser subscribed to its push notifications.',
          tags,
          security: bearer,
        },
      },
    )
    .post(
      '/logout',
      (context) =>
        write(
          context,
          async ({ session, request }) => {
            await accounts.logout(session);
            return { message: saidFor(request, MESSAGES.loggedOut) };
          },
          { fenced: false },
        ),
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

/**
 * Register, login, logout, me, profile and change-password under /auth (the
 * spec's §7 calls), and the password reset by email and sign-out everywhere.
 */
export const authRoutes = (deps: AuthDeps) => {
  const ctx: Ctx = {
    deps,
    accounts: createAccounts(deps),
    passwordReset: createPasswordReset(deps),
    emailVerification: createEmailVerification(deps),
    write: idempotentWrites(deps),
    clientAddress: (request: Request) => deps.clientIp?.(request) ?? 'unknown',
  };
  return new Elysia({ name: 'auth' })
    .use(signInRoutes(ctx))
    .use(accountRoutes(ctx))
    .use(resetRoutes(ctx))
    .use(verifyEmailRoutes(ctx))
    .use(signOutRoutes(ctx));
};
