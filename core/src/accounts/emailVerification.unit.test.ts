import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError } from '../errors.ts';
import type { AccountEvent } from './events.ts';
import {
  assertEmailVerified,
  decideEmailVerification,
  EMAIL_VERIFICATION_MESSAGES,
  EmailLinkError,
  foldEmailVerification,
  type EmailVerificationCommand,
} from './emailVerification.ts';

const ACCOUNT = 'u-1';
const OLD = 'old@example.in';
const NEW = 'new@example.in';
const T0 = '2026-03-01T10:00:00.000Z';
const days = (n: number) => new Date(Date.parse(T0) + n * 86_400_000).toISOString();
const hash = (c: string) => c.repeat(64);

const requested = (tokenHash: string, email = OLD, at = T0): AccountEvent => ({
  type: 'EmailVerificationRequested',
  data: { accountId: ACCOUNT, email, tokenHash, expiresAt: days(7), at },
});
const verified = (email = OLD, via: 'link' | 'setup' = 'link', at = days(1)): AccountEvent => ({
  type: 'AccountEmailVerified',
  data: { accountId: ACCOUNT, email, via, at },
});
const follow = (tokenHash: string, email = OLD, at = days(1)): EmailVerificationCommand => ({
  type: 'VerifyEmailByLink',
  accountId: ACCOUNT,
  email,
  tokenHash,
  at,
});

const given = givenFor({ decide: decideEmailVerification, fold: foldEmailVerification });

describe('RequestEmailVerification', () => {
  const request: EmailVerificationCommand = {
    type: 'RequestEmailVerification',
    accountId: ACCOUNT,
    email: OLD,
    tokenHash: hash('a'),
    at: T0,
  };

  it('records a link to the address the account has, working for 7 days', () => {
    given()
      .when(request)
      .then([requested(hash('a'))]);
  });

  it('refuses once that address is verified', () => {
    given(verified())
      .when(request)
      .thenThrows(IllegalStateError, EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
  });

  it('sends a link again after the address changed', () => {
    given(verified(NEW))
      .when(request)
      .then([requested(hash('a'))]);
  });
});

describe('VerifyEmailByLink', () => {
  it('verifies the address the link went to', () => {
    given(requested(hash('a')))
      .when(follow(hash('a')))
      .then([verified()]);
  });

  it('does nothing the second time (the page says it is confirmed)', () => {
    given(requested(hash('a')), verified())
      .when(follow(hash('a'), OLD, days(2)))
      .then([]);
  });

  it('works until its last moment and is expired from the seventh day on', () => {
    given(requested(hash('a')))
      .when(follow(hash('a'), OLD, new Date(Date.parse(days(7)) - 1).toISOString()))
      .then([verified(OLD, 'link', new Date(Date.parse(days(7)) - 1).toISOString())]);
    given(requested(hash('a')))
      .when(follow(hash('a'), OLD, days(7)))
      .thenThrows(EmailLinkError, EMAIL_VERIFICATION_MESSAGES.expired);
  });

  it('refuses a link the account never got (forged)', () => {
    given(requested(hash('a')))
      .when(follow(hash('f')))
      .thenThrows(EmailLinkError, EMAIL_VERIFICATION_MESSAGES.invalid);
  });

  it('refuses a link to the address the account had before', () => {
    given(requested(hash('a'), OLD))
      .when(follow(hash('a'), NEW))
      .thenThrows(EmailLinkError, EMAIL_VERIFICATION_MESSAGES.invalid);
  });
});

describe('VerifyEmailAtSetup', () => {
  const setup: EmailVerificationCommand = {
    type: 'VerifyEmailAtSetup',
    accountId: ACCOUNT,
    email: OLD,
    at: days(1),
  };
  it('verifies an account an operator made, once', () => {
    given()
      .when(setup)
      .then([verified(OLD, 'setup')]);
    given(verified(OLD, 'setup')).when(setup).then([]);
  });
});

describe('assertEmailVerified', () => {
  it('refuses with 403 and words a person writes', () => {
    expect(() => assertEmailVerified(false)).toThrow(ForbiddenError);
    expect(() => assertEmailVerified(false)).toThrow(
      'Please confirm your email address first: we sent you a link.',
    );
    expect(() => assertEmailVerified(true)).not.toThrow();
  });
});
