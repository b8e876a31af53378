import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import type { AccountEvent } from './events.ts';
import {
  decide,
  foldAccount,
  RESET_LINK_MESSAGES,
  RESET_LINK_MINUTES,
  RESET_MAILS_PER_HOUR,
  ResetLinkError,
  type AccountCommand,
} from './passwordReset.ts';

const ACCOUNT = 'u-1';
const T0 = new Date('2026-03-01T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const hash = (c: string) => c.repeat(64);

const requested = (tokenHash: string, at = T0): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: {
    accountId: ACCOUNT,
    at: at.toISOString(),
    tokenHash,
    expiresAt: new Date(at.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
  },
});
const reset = (tokenHash: string, at = minutes(5)): AccountEvent => ({
  type: 'PasswordReset',
  data: { accountId: ACCOUNT, at: at.toISOString(), tokenHash },
});

const request = (tokenHash: string, at = T0): AccountCommand => ({
  type: 'RequestPasswordReset',
  accountId: ACCOUNT,
  tokenHash,
  at,
});
const use = (tokenHash: string, at = minutes(5)): AccountCommand => ({
  type: 'ResetPassword',
  accountId: ACCOUNT,
  tokenHash,
  at,
});

const given = givenFor({ decide, fold: foldAccount });

describe('RequestPasswordReset', () => {
  /** Three links in the first 20 minutes of the hour. */
  const three = [
    requested(hash('a')),
    requested(hash('b'), minutes(10)),
    requested(hash('c'), minutes(20)),
  ];

  it('records a link that expires after 30 minutes', () => {
    given()
      .when(request(hash('a')))
      .then([requested(hash('a'))]);
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} links to one account in an hour`, () => {
    given(...three)
      .when(request(hash('d'), minutes(59)))
      .then([]);
  });

  it('sends again once the oldest of those leaves the hour', () => {
    given(...three)
      .when(request(hash('d'), minutes(61)))
      .then([requested(hash('d'), minutes(61))]);
  });
});

describe('ResetPassword', () => {
  it('uses an outstanding link', () => {
    given(requested(hash('a')))
      .when(use(hash('a')))
      .then([reset(hash('a'))]);
  });

  it('takes a link until its last moment and refuses it from its 30th minute on', () => {
    const link = requested(hash('a'));
    given(link)
      .when(use(hash('a'), new Date(minutes(30).getTime() - 1)))
      .then([reset(hash('a'), new Date(minutes(30).getTime() - 1))]);
    given(link)
      .when(use(hash('a'), minutes(30)))
      .thenThrows(ResetLinkError, RESET_LINK_MESSAGES.expired);
  });

  it('refuses a link used before', () => {
    given(requested(hash('a')), reset(hash('a')))
      .when(use(hash('a'), minutes(6)))
      .thenThrows(ResetLinkError, RESET_LINK_MESSAGES.used);
  });

  it('refuses every other outstanding link once one was used', () => {
    const events = [requested(hash('a')), requested(hash('b'), minutes(1)), reset(hash('b'))];
    given(...events)
      .when(use(hash('a'), minutes(6)))
      .thenThrows(ResetLinkError, RESET_LINK_MESSAGES.invalid);
  });

  it('keeps a link asked for after a reset', () => {
    const events = [requested(hash('a')), reset(hash('a')), requested(hash('b'), minutes(10))];
    given(...events)
      .when(use(hash('b'), minutes(11)))
      .then([reset(hash('b'), minutes(11))]);
  });

  it('refuses a link the account never got', () => {
    given(requested(hash('a')))
      .when(use(hash('f')))
      .thenThrows(ResetLinkError, RESET_LINK_MESSAGES.invalid);
    given()
      .when(use(hash('f')))
      .thenThrows(ResetLinkError, RESET_LINK_MESSAGES.invalid);
  });

  it('answers a bad link with a 400', () => {
    try {
      decide(use(hash('f')), foldAccount([]));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 400, reason: 'invalid' });
    }
  });
});
