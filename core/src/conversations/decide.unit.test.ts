import { EMAIL_VERIFICATION_MESSAGES } from '../accounts/emailVerification.ts';
import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import { appEventRegistry } from '../eventRegistry.ts';
import type { ConversationCommand } from './commands.ts';
import { conversationIdFor } from './conversationId.ts';
import { conversationMessages as messages, decide } from './decide.ts';
import type { ConversationEvent } from './events.ts';
import { messageBodyMessages } from './messageBody.ts';
import { fold } from './state.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:05:00.000Z';
const tenant = 'u-tenant';
const owner = 'u-owner';
const stranger = 'u-stranger';
const id = 'c-1';

const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: { conversationId: id, at: T0, listingId: 'l-1', tenantId: tenant, ownerId: owner },
};
const sent = (seq: number, senderId: string, body: string, messageId = `m-${seq}`) =>
  ({
    type: 'MessageSent',
    data: { conversationId: id, at: T0, messageId, seq, senderId, body },
  }) satisfies ConversationEvent;
const first = sent(1, tenant, 'Is it still available?');
const blockedBy = (userId: string): ConversationEvent => ({
  type: 'ConversationBlocked',
  data: { conversationId: id, at: T0, userId },
});

/** Given past events, when a command is decided, then these events (or this error). */
const given = givenFor({ decide, fold, assertValid: (e) => appEventRegistry.assertValid(e) });

const start = (over: Partial<ConversationCommand & { type: 'StartConversation' }> = {}) =>
  ({
    type: 'StartConversation',
    conversationId: id,
    listingId: 'l-1',
    userId: tenant,
    ownerId: owner,
    emailVerified: true,
    messageId: 'm-1',
    body: '  Is it still available?  ',
    at: T0,
    ...over,
  }) satisfies ConversationCommand;
const send = (userId: string, body: string, messageId = 'm-new'): ConversationCommand => ({
  type: 'SendMessage',
  userId,
  messageId,
  body,
  at: T1,
});

describe('StartConversation', () => {
  it('opens the conversation with its first message, trimmed', () => {
    given().when(start()).then([started, first]);
  });
  it('refuses a first message from an account whose email is not verified (403)', () => {
    given()
      .when(start({ emailVerified: false }))
      .thenThrows(ForbiddenError, EMAIL_VERIFICATION_MESSAGES.required);
  });
  it('lets the conversation go on whatever the address (only the first message needs it)', () => {
    expect(
      decide(start({ emailVerified: false, messageId: 'm-2' }), fold([started, first])),
    ).toHaveLength(1);
  });
  it('continues the existing conversation when the tenant starts again about the same listing', () => {
    given(started, first)
      .when(start({ messageId: 'm-2', body: 'Hello again', at: T1 }))
      .then([
        {
          ...sent(2, tenant, 'Hello again'),
          data: { ...sent(2, tenant, 'Hello again').data, at: T1 },
        },
      ]);
  });
  it('refuses an owner writing about their own listing', () => {
    given()
      .when(start({ userId: owner }))
      .thenThrows(ForbiddenError, messages.ownListing);
  });
  it('refuses an empty or whitespace-only first message', () => {
    given()
      .when(start({ body: ' \n\t ' }))
      .thenThrows(ValidationError, messageBodyMessages.required);
  });
  it('gives the same conversation id for the same tenant and listing, another for another', () => {
    expect(conversationIdFor('l-1', tenant)).toBe(conversationIdFor('l-1', tenant));
    expect(conversationIdFor('l-1', tenant)).not.toBe(conversationIdFor('l-2', tenant));
    expect(conversationIdFor('l-1', tenant)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('SendMessage', () => {
  it('numbers the message after the last one, from either participant', () => {
    given(started, first)
      .when(send(owner, 'Yes, come Saturday'))
      .then([
        {
          type: 'MessageSent',
          data: {
            conversationId: id,
            at: T1,
            messageId: 'm-new',
            seq: 2,
            senderId: owner,
            body: 'Yes, come Saturday',
          },
        },
      ]);
  });
  it('records nothing for a retry of the same message (same id, sender and body)', () => {
    given(started, first)
      .when(send(tenant, 'Is it still available?', 'm-1'))
      .then([]);
  });
  it('refuses another message under a used id', () => {
    given(started, first)
      .when(send(tenant, 'Something else', 'm-1'))
      .thenThrows(IllegalStateError, messages.idReused);
  });
  it('keeps line breaks but refuses control characters', () => {
    expect(decide(send(owner, 'Line one\nLine two'), fold([started, first]))).toHaveLength(1);
    given(started, first)
      .when(send(owner, 'bell \u0007'))
      .thenThrows(ValidationError, messageBodyMessages.control);
  });
  it('accepts 2000 characters and refuses 2001', () => {
    expect(decide(send(owner, 'a'.repeat(2000)), fold([started]))).toHaveLength(1);
    given(started)
      .when(send(owner, 'a'.repeat(2001)))
      .thenThrows(ValidationError, messageBodyMessages.tooLong);
  });
  it('hides the conversation from a third user', () => {
    given(started, first)
      .when(send(stranger, 'hi'))
      .thenThrows(NotFoundError, messages.notParticipant);
  });
  it('refuses a message to a conversation that does not exist', () => {
    given().when(send(tenant, 'hi')).thenThrows(NotFoundError, messages.notFound);
  });
  it('refuses the blocked side, and the blocking side until it unblocks', () => {
    given(started, first, blockedBy(owner))
      .when(send(tenant, 'hello?'))
      .thenThrows(ForbiddenError, messages.blocked);
    given(started, first, blockedBy(owner))
      .when(send(owner, 'hello?'))
      .thenThrows(ForbiddenError, messages.youBlocked);
    given(started, first, blockedBy(owner))
      .when(start({ messageId: 'm-9', body: 'again' }))
      .thenThrows(ForbiddenError, messages.blocked);
    const unblocked: ConversationEvent = {
      type: 'ConversationUnblocked',
      data: { conversationId: id, at: T1, userId: owner },
    };
    expect(
      decide(send(tenant, 'hello?'), fold([started, first, blockedBy(owner), unblocked])),
    ).toHaveLength(1);
  });
});

describe('MarkRead', () => {
  const read = (userId: string, upToSeq: number): ConversationCommand => ({
    type: 'MarkRead',
    userId,
    upToSeq,
    at: T1,
  });
  it('records the read mark, capped at the last message', () => {
    given(started, first, sent(2, tenant, 'hello?'))
      .when(read(owner, 99))
      .then([
        {
          type: 'ConversationRead',
          data: { conversationId: id, at: T1, userId: owner, upToSeq: 2 },
        },
      ]);
  });
  it('records nothing for a mark at or behind the current one (a sender has read up to their message)', () => {
    given(started, first).when(read(tenant, 1)).then([]);
  });
  it('is refused to a third user', () => {
    given(started, first)
      .when(read(stranger, 1))
      .thenThrows(NotFoundError, messages.notParticipant);
  });
});

describe('Archive and Block', () => {
  const cmd = (type: 'Archive' | 'Unarchive' | 'Block' | 'Unblock', userId: string) =>
    ({ type, userId, at: T1 }) satisfies ConversationCommand;
  it('archives for one participant, once', () => {
    const archived: ConversationEvent = {
      type: 'ConversationArchived',
      data: { conversationId: id, at: T1, userId: owner },
    };
    given(started, first).when(cmd('Archive', owner)).then([archived]);
    given(started, first, archived).when(cmd('Archive', owner)).then([]);
    given(started, first, archived)
      .when(cmd('Unarchive', owner))
      .then([
        { type: 'ConversationUnarchived', data: { conversationId: id, at: T1, userId: owner } },
      ]);
    given(started, first).when(cmd('Unarchive', owner)).then([]);
  });
  it('blocks and unblocks per participant', () => {
    given(started, first)
      .when(cmd('Block', tenant))
      .then([
        { type: 'ConversationBlocked', data: { conversationId: id, at: T1, userId: tenant } },
      ]);
    given(started, first, blockedBy(tenant)).when(cmd('Block', tenant)).then([]);
    given(started, first).when(cmd('Unblock', tenant)).then([]);
  });
  it('is refused to a third user', () => {
    given(started, first).when(cmd('Block', stranger)).thenThrows(NotFoundError, messages.notFound);
  });
});

describe('evolve', () => {
  it('tracks reads, the owner’s first reply, archive and block', () => {
    const state = fold([started, first, sent(2, owner, 'Yes'), blockedBy(tenant)]);
    expect(state.status).toBe('open');
    if (state.status !== 'open') return;
    expect(state.conversation).toMatchObject({
      lastSeq: 2,
      ownerReplied: true,
      readUpTo: { [tenant]: 1, [owner]: 2 },
      blockedBy: [tenant],
      archivedBy: [],
    });
  });
});
