import { valued } from '@rentals/core/i18n/valued';
import type { Sql } from 'postgres';
import { createAttemptLimiter, TooManyAttemptsError } from '../access/attemptLimit.ts';

/** How much one user may write: contact is where marketplaces get abused. */
export type ConversationLimits = {
  /** New conversations one user may start in a day. */
  startsPerDay: number;
  /** Messages one user may send in a minute (first messages included). */
  messagesPerMinute: number;
};

export const DEFAULT_CONVERSATION_LIMITS: ConversationLimits = {
  startsPerDay: 20,
  messagesPerMinute: 20,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** How long to wait, as the messages say it: whole hours, else whole minutes, else seconds. */
const waitOf = (seconds: number): [unit: string, count: number] =>
  seconds >= 3600
    ? ['hours', Math.ceil(seconds / 3600)]
    : seconds >= 60
      ? ['minutes', Math.ceil(seconds / 60)]
      : ['seconds', seconds];

const tryAgain =
  'Try again in {unit, select, hours {{count, plural, one {# hour} other {# hours}}} ' +
  'minutes {{count, plural, one {# minute} other {# minutes}}} ' +
  'other {{count, plural, one {# second} other {# seconds}}}}.';

/** The limits' refusals, with the limit and the wait as values (core/src/i18n/valued.ts). */
export const limitTexts = {
  starts: valued<[n: number, unit: string, count: number]>(
    ['n', 'unit', 'count'],
    `You can start at most {n, plural, one {# new conversation} other {# new conversations}} a day. ${tryAgain}`,
  ),
  messages: valued<[n: number, unit: string, count: number]>(
    ['n', 'unit', 'count'],
    `You are sending messages too fast (at most {n} a minute). ${tryAgain}`,
  ),
};

export const limitMessages = {
  starts: (n: number, retry: number) => limitTexts.starts(n, ...waitOf(retry)),
  messages: (n: number, retry: number) => limitTexts.messages(n, ...waitOf(retry)),
};

/**
 * Both limits count per user (the limiter's "address" is the user id), in
 * Postgres, so every web process sees the same counts. A refused attempt
 * does not count; a retry of a message already sent never reaches here.
 */
export const conversationLimiter = (sql: Sql, limits: ConversationLimits) => {
  const starts = createAttemptLimiter(sql, {
    action: 'conversation-start',
    windowMs: DAY_MS,
    perAddress: limits.startsPerDay,
  });
  const messages = createAttemptLimiter(sql, {
    action: 'message-send',
    windowMs: MINUTE_MS,
    perAddress: limits.messagesPerMinute,
  });
  let prunedAt = 0;
  const pruneNowAndThen = async (now: Date) => {
    if (now.getTime() - prunedAt < MINUTE_MS) return;
    prunedAt = now.getTime();
    await Promise.all([starts.prune(now), messages.prune(now)]);
  };

  return {
    async start(userId: string, now: Date) {
      const check = await starts.begin('', `user:${userId}`, now);
      if (check.blocked)
        throw new TooManyAttemptsError(
          limitMessages.starts(limits.startsPerDay, check.retryAfterSeconds),
          check.retryAfterSeconds,
        );
    },
    async message(userId: string, now: Date) {
      await pruneNowAndThen(now);
      const check = await messages.begin('', `user:${userId}`, now);
      if (check.blocked)
        throw new TooManyAttemptsError(
          limitMessages.messages(limits.messagesPerMinute, check.retryAfterSeconds),
          check.retryAfterSeconds,
        );
    },
  };
};
