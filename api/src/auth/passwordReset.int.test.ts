import { describe, expect, it } from 'vitest';
import { RESET_LINK_MESSAGES, RESET_MAILS_PER_HOUR } from '@rentals/core/accounts/passwordReset';
import { accountStreamId } from '@rentals/core/accounts/events';
import type { Logger } from '@rentals/core/logger';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { freePort } from '@rentals/testing/infra';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { testApp, TEST_CLIENT_IP_HEADER, testAppWithUsers } from '@rentals/testing/testApp';
import { FORGOT_PASSWORD_LIMIT, LIMIT_MESSAGES, RESET_PASSWORD_LIMIT } from './attemptLimits.ts';
import { MESSAGES } from './model.ts';

/**
 * Forgot password → email → link → new password, through the real mail
 * catcher: what the user reads is what the test follows.
 */
type Answer = { message: string; errors?: { path: string; msg: string }[] };

const SESSION_ENDED = 'Your session is invalid or has expired; please log in again';
const LINK = 'http://rentals.test/reset-password?token=';

const s = testAppWithUsers({});
const mail = mailbox();
let addressCount = 0;
/** Each test asks from its own address, so the per-address limits are tested only where meant. */
const newAddress = () => `198.51.100.${++addressCount}`;

const forgot = (email: unknown, address: string) =>
  s.t.request<Answer>('POST', '/api/auth/forgot-password', {
    json: { email },
    headers: { [TEST_CLIENT_IP_HEADER]: address },
  });
const resetWith = (token: unknown, newPassword: unknown, address = newAddress()) =>
  s.t.request<Answer>('POST', '/api/auth/reset-password', {
    json: { token, newPassword },
    headers: { [TEST_CLIENT_IP_HEADER]: address },
  });
const login = (email: string, password: string) =>
  s.t.request<Answer>('POST', '/api/auth/login', {
    json: { email, password },
    headers: { [TEST_CLIENT_IP_HEADER]: newAddress() },
  });

/** Asks for a link and reads it from the email the user got. */
const linkFor = async (email: string) => {
  expect((await forgot(email, newAddress())).status).toBe(200);
  const received = await mail.next(email);
  return decodeURIComponent(linkIn(received, LINK).slice(LINK.length));
};

/** A 400 with `message` alone, as a refused link is answered. */
const refused = (message: string) => ({ status: 400, body: { message } });

describe('forgot password → email → reset', () => {
  it('mails a link that sets the new password once, and ends every earlier session', async () => {
    const {
      user,
      email,
      token: session,
      password,
    } = await s.t.registerUser('tenant', {
      name: 'Asha Rao',
    });
    const other = await s.t.newToken(user._id);
    const answer = await forgot(email.toUpperCase(), newAddress());
    expect(answer).toMatchObject({ status: 200, body: { message: MESSAGES.resetLinkSent } });

    const received = await mail.next(email);
    expect(received.subject).toBe('Reset your Rentals password');
    expect(received.from).toEqual([{ address: 'no-reply@rentals.test', name: 'Rentals' }]);
    expect(received.text).toContain('Hello Asha Rao,');
    expect(received.text).toContain('expires in 30 minutes');
    const link = linkIn(received, LINK);
    expect(received.html).toContain(link.replace(/&/g, '&amp;'));
    const token = decodeURIComponent(link.slice(LINK.length));

    const reset = await resetWith(token, 'a brand new secret');
    expect(reset).toMatchObject({ status: 200, body: { message: MESSAGES.passwordReset } });
    expect((await login(email, 'a brand new secret')).status).toBe(200);
    expect((await login(email, password)).status).toBe(401);
    for (const old of [session, other])
      expect(await s.t.request('GET', '/api/auth/me', { token: old })).toMatchObject({
        status: 401,
        body: { message: SESSION_ENDED },
      });

    expect(await resetWith(token, 'yet another secret')).toMatchObject(
      refused(RESET_LINK_MESSAGES.used),
    );
    expect((await login(email, 'a brand new secret')).status).toBe(200);
  });

  it('records the request and the reset on the account stream, with the token only as a hash', async () => {
    const { user, email } = await s.t.registerUser('homeowner');
    const token = await linkFor(email);
    expect((await resetWith(token, 'another secret')).status).toBe(200);
    const { events } = await s.t.deps.eventStore.readStream(accountStreamId(user._id));
    expect(events.map((e) => e.type)).toEqual([
      'AccountEmailVerified',
      'PasswordResetRequested',
      'PasswordReset',
    ]);
    const secret = token.split('.')[1]!;
    for (const event of events.filter((e) => e.type.startsWith('PasswordReset'))) {
      expect(JSON.stringify(event.data)).not.toContain(secret);
      expect((event.data as { tokenHash: string }).tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('refuses a link from its 30th minute on, by the clock', async () => {
    const { email } = await s.t.registerUser('tenant');
    const token = await linkFor(email);
    s.t.clock.advance(30 * 60 * 1000);
    expect(await resetWith(token, 'too late now')).toMatchObject(
      refused(RESET_LINK_MESSAGES.expired),
    );
  });

  it('voids the other links of the account once one was used', async () => {
    const { email } = await s.t.registerUser('tenant');
    const first = await linkFor(email);
    const second = await linkFor(email);
    expect((await resetWith(second, 'second wins')).status).toBe(200);
    expect(await resetWith(first, 'first loses')).toMatchObject(
      refused(RESET_LINK_MESSAGES.invalid),
    );
  });

  it('uses a link once when two requests race with it', async () => {
    const { email } = await s.t.registerUser('tenant');
    const token = await linkFor(email);
    const answers = await Promise.all([
      resetWith(token, 'racer one'),
      resetWith(token, 'racer two'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it.each([
    ['a made-up token', `${crypto.randomUUID()}.${'A'.repeat(43)}`],
    ['a malformed token', 'not-a-token'],
    ['no token', undefined],
    ['a token that is not text', 12345],
    ['an oversized token', `${'a'.repeat(64)}.${'A'.repeat(5000)}`],
  ])('answers %s with the invalid-link message', async (_case, token) => {
    expect(await resetWith(token, 'whatever works')).toMatchObject(
      refused(RESET_LINK_MESSAGES.invalid),
    );
  });

  it("checks the new password with SPEC's rules and keeps the link for a second try", async () => {
    const { email } = await s.t.registerUser('tenant');
    const token = await linkFor(email);
    expect(await resetWith(token, 'short')).toMatchObject({
      status: 400,
      body: {
        message: 'Validation failed',
        errors: [{ path: 'newPassword', msg: 'Password must be at least 6 characters long' }],
      },
    });
    expect((await resetWith(token, 'long enough')).status).toBe(200);
  });
});

describe('the same answer whether or not the email has an account', () => {
  it('answers an unknown email exactly like a known one and sends it nothing', async () => {
    const { email } = await s.t.registerUser('tenant');
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const address = newAddress();
    const forUnknown = await forgot(unknown, address);
    const forKnown = await forgot(email, address);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect([...forUnknown.headers.keys()].sort()).toEqual([...forKnown.headers.keys()].sort());
    // The unknown request's work started first and touches no mail: by the known one's email it is done.
    await mail.next(email);
    expect(await mail.received(unknown)).toEqual([]);
  });

  it('checks the email field like the login form', async () => {
    expect(await forgot('not-an-email', newAddress())).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'email', msg: 'Please enter a valid email address' }] },
    });
    expect(await forgot(undefined, newAddress())).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'email', msg: 'Email is required' }] },
    });
  });
});

describe('limits', () => {
  it(`answers the ${FORGOT_PASSWORD_LIMIT.perSubject + 1}th request for one email from one address with 429, known email or not`, async () => {
    const { email } = await s.t.registerUser('tenant');
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const address = newAddress();
    for (const target of [email, unknown]) {
      for (let i = 0; i < FORGOT_PASSWORD_LIMIT.perSubject; i++)
        expect((await forgot(target, address)).status).toBe(200);
      const blocked = await forgot(target, address);
      expect(blocked).toMatchObject({
        status: 429,
        body: { message: LIMIT_MESSAGES.forgotPassword },
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    s.t.clock.advance(FORGOT_PASSWORD_LIMIT.windowMs);
  });

  it(`sends one account at most ${RESET_MAILS_PER_HOUR} links an hour, whoever asks`, async () => {
    const { email } = await s.t.registerUser('tenant');
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) await linkFor(email);
    expect(await forgot(email, newAddress())).toMatchObject({
      status: 200,
      body: { message: MESSAGES.resetLinkSent },
    });
    s.t.clock.advance(61 * 60 * 1000);
    await linkFor(email);
    expect(await mail.received(email)).toHaveLength(RESET_MAILS_PER_HOUR + 1);
  });

  it(`answers the ${RESET_PASSWORD_LIMIT.perAddress + 1}th reset attempt from one address with 429`, async () => {
    const address = newAddress();
    const madeUp = `${crypto.randomUUID()}.${'A'.repeat(43)}`;
    for (let i = 0; i < RESET_PASSWORD_LIMIT.perAddress; i++)
      expect((await resetWith(madeUp, 'whatever works', address)).status).toBe(400);
    expect(await resetWith(madeUp, 'whatever works', address)).toMatchObject({
      status: 429,
      body: { message: LIMIT_MESSAGES.resetPassword },
    });
    s.t.clock.advance(RESET_PASSWORD_LIMIT.windowMs);
  });
});

describe('when mail does not go out', () => {
  it('still answers the request, logs the failure and shows mail degraded in /api/health', async () => {
    const failures: string[] = [];
    let failed: () => void = () => {};
    const logged = new Promise<void>((resolve) => (failed = resolve));
    const log: Logger = {
      info: () => {},
      warn: () => {},
      error: (message, fields) => {
        failures.push(`${message} ${JSON.stringify(fields)}`);
        failed();
      },
    };
    const broken = await testApp({
      deps: {
        log,
        // Nothing listens there: every send fails at once.
        mailer: createSmtpMailer({
          smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
          from: 'Rentals <no-reply@rentals.test>',
        }),
      },
    });
    try {
      const { email } = await broken.registerUser('tenant');
      const answer = await broken.request<Answer>('POST', '/api/auth/forgot-password', {
        json: { email },
      });
      expect(answer).toMatchObject({ status: 200, body: { message: MESSAGES.resetLinkSent } });
      await logged;
      expect(failures[0]).toContain('password reset link not sent');
      const health = await broken.request<{ status: string; mail: { status: string } }>(
        'GET',
        '/api/health',
      );
      expect(health.body).toMatchObject({ status: 'degraded', mail: { status: 'degraded' } });
    } finally {
      await broken.close();
    }
  });
});

describe('sign out of all devices', () => {
  it('ends every token of the account, the one used included, and no one else’s', async () => {
    const { user, token } = await s.t.registerUser('tenant');
    const other = await s.t.newToken(user._id);
    const someoneElse = await s.t.registerUser('tenant');
    expect(await s.t.request('POST', '/api/auth/logout-all', { token })).toMatchObject({
      status: 200,
      body: { message: MESSAGES.signedOutEverywhere },
    });
    for (const ended of [token, other])
      expect((await s.t.request('GET', '/api/auth/me', { token: ended })).status).toBe(401);
    expect((await s.t.request('GET', '/api/auth/me', { token: someoneElse.token })).status).toBe(
      200,
    );
  });
});
