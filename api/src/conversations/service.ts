import type { AuthUser } from '../access/roles.ts';
import type { AppDeps } from '../deps.ts';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import type { ConversationCommand } from '@rentals/core/conversations/commands';
import { conversationIdFor } from '@rentals/core/conversations/conversationId';
import { SPLIT_WINDOW } from '@rentals/core/conversations/contactMask';
import { conversationMessages, decide } from '@rentals/core/conversations/decide';
import { conversationStreamId } from '@rentals/core/conversations/events';
import type { ConversationState } from '@rentals/core/conversations/state';
import { IllegalStateError, NotFoundError } from '@rentals/core/errors';
import { messages as listingMessages } from '@rentals/core/listings/decide';
import {
  CONVERSATIONS_READ_MODEL,
  conversationParties,
  inboxEntry,
  inboxOf,
  messageAt,
  threadPage,
  unreadTotal,
  enquiriesByListing,
} from '@rentals/projections/queries/conversations';
import { waitForStream } from '@rentals/projections/queries/readYourWrites';
import { conversationCommandHandler } from './commandHandler.ts';
import { conversationLimiter, DEFAULT_CONVERSATION_LIMITS } from './limits.ts';
import {
  aroundEach,
  earlierFromSender,
  lastMessageMasked,
  presentConversation,
  presentMessage,
} from './present.ts';
import type { InboxRow } from '@rentals/projections/queries/conversations';

export type ConversationServiceDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'conversationLimits'
>;

export const listingUnavailable = 'This property is no longer available';

/**
 * The conversation use cases behind the routes: commands go through the
 * conversation's stream (rules in core), reads come from the conversations
 * read model, and every write waits (briefly) until the read model shows it,
 * so the writer's next read sees it.
 */
export const conversationService = (deps: ConversationServiceDeps) => {
  const commands = conversationCommandHandler(deps.eventStore);
  const listings = listingCommandHandler(deps.eventStore);
  const limits = conversationLimiter(deps.sql, {
    ...DEFAULT_CONVERSATION_LIMITS,
    ...deps.conversationLimits,
  });
  const now = () => deps.clock();

  const applied = (conversationId: string) =>
    waitForStream(
      deps.sql,
      conversationStreamId(conversationId),
      undefined,
      CONVERSATIONS_READ_MODEL,
    );

  /** An inbox row as its user sees it, with what the contact mask needs of earlier messages. */
  const present = async (row: InboxRow, user: AuthUser) =>
    presentConversation(
      row,
      user.id,
      lastMessageMasked(row, user.id)
        ? await earlierFromSender(deps.sql, row.conversationId, {
            seq: row.lastSeq,
            senderId: row.lastSenderId!,
          })
        : [],
    );

  const conversationFor = async (user: AuthUser, conversationId: string) => {
    const row = await inboxEntry(deps.sql, user.id, conversationId);
    if (!row) throw new NotFoundError(conversationMessages.notFound);
    return present(row, user);
  };

  /**
   * Decides once on the current state before anything is counted (a refused
   * or repeated send costs no limit), then counts, then runs the command for
   * real (deciding again on whatever state it then finds).
   */
  const write = async (
    user: AuthUser,
    conversationId: string,
    command: ConversationCommand,
    count: (fresh: boolean) => Promise<void>,
  ) => {
    const loaded = await commands.load(conversationId);
    const changes = decide(command, loaded.state).length > 0;
    if (changes) await count(loaded.state.status === 'absent');
    // Counting took a moment: the first attempt reuses the read only when nothing was counted.
    const { state } = await commands.handle(
      conversationId,
      (s) => decide(command, s),
      user.id,
      changes ? undefined : loaded,
    );
    await applied(conversationId);
    return state;
  };

  const sentMessage = async (
    user: AuthUser,
    conversationId: string,
    messageId: string,
    state: ConversationState,
  ) => {
    const seq = state.status === 'open' ? state.conversation.messages[messageId]?.seq : undefined;
    const [parties, row, entry] = await Promise.all([
      conversationParties(deps.sql, conversationId),
      seq === undefined ? undefined : messageAt(deps.sql, conversationId, seq),
      inboxEntry(deps.sql, user.id, conversationId),
    ]);
    if (!parties || !row || !entry) throw new NotFoundError(conversationMessages.notFound);
    return {
      conversation: await present(entry, user),
      message: presentMessage(row, parties, user.id),
    };
  };

  return {
    /** Opens (or continues) the user's conversation about a listing with its first message. */
    async start(user: AuthUser, input: { listingId: string; body: string; messageId: string }) {
      const conversationId = conversationIdFor(input.listingId, user.id);
      const listing = await listings.load(input.listingId);
      if (listing.state.status !== 'active') throw new NotFoundError(listingMessages.notFound);
      const { state } = await commands.load(conversationId);
      if (state.status === 'absent' && !listing.state.listing.isAvailable)
        throw new IllegalStateError(listingUnavailable);
      const command: ConversationCommand = {
        type: 'StartConversation',
        conversationId,
        listingId: input.listingId,
        userId: user.id,
        ownerId: listing.state.listing.ownerId,
        messageId: input.messageId,
        body: input.body,
        at: now().toISOString(),
      };
      let created = false;
      const after = await write(user, conversationId, command, async (fresh) => {
        if (fresh) {
          await limits.start(user.id, now());
          created = true;
        }
        await limits.message(user.id, now());
      });
      return { created, ...(await sentMessage(user, conversationId, input.messageId, after)) };
    },

    async send(user: AuthUser, conversationId: string, input: { body: string; messageId: string }) {
      const command: ConversationCommand = {
        type: 'SendMessage',
        userId: user.id,
        messageId: input.messageId,
        body: input.body,
        at: now().toISOString(),
      };
      const after = await write(user, conversationId, command, () =>
        limits.message(user.id, now()),
      );
      return sentMessage(user, conversationId, input.messageId, after);
    },

    async markRead(user: AuthUser, conversationId: string, upToSeq: number) {
      const command: ConversationCommand = {
        type: 'MarkRead',
        userId: user.id,
        upToSeq,
        at: now().toISOString(),
      };
      await write(user, conversationId, command, () => Promise.resolve());
      return { conversation: await conversationFor(user, conversationId) };
    },

    async setFlag(
      user: AuthUser,
      conversationId: string,
      type: 'Archive' | 'Unarchive' | 'Block' | 'Unblock',
    ) {
      const command: ConversationCommand = { type, userId: user.id, at: now().toISOString() };
      await write(user, conversationId, command, () => Promise.resolve());
      return { conversation: await conversationFor(user, conversationId) };
    },

    async inbox(user: AuthUser, options: { archived: boolean; limit: number; offset: number }) {
      const [rows, unread] = await Promise.all([
        inboxOf(deps.sql, user.id, options),
        unreadTotal(deps.sql, user.id),
      ]);
      return { conversations: await Promise.all(rows.map((r) => present(r, user))), unread };
    },

    conversation: conversationFor,

    async thread(
      user: AuthUser,
      conversationId: string,
      options: { before?: number; limit: number },
    ) {
      const conversation = await conversationFor(user, conversationId);
      const parties = await conversationParties(deps.sql, conversationId);
      if (!parties) throw new NotFoundError(conversationMessages.notFound);
      const page = await threadPage(deps.sql, conversationId, {
        beforeSeq: options.before,
        limit: options.limit + 1,
      });
      const hasMore = page.length > options.limit;
      const rows = hasMore ? page.slice(1) : page;
      // A number split over messages may start before this page: the mask reads a few earlier ones.
      const masking = user.id === parties.ownerId && !parties.ownerReplied && rows.length > 0;
      const before = masking
        ? await threadPage(deps.sql, conversationId, {
            beforeSeq: rows[0]!.seq,
            limit: SPLIT_WINDOW - 1,
          })
        : [];
      const around = aroundEach(before, rows);
      return {
        conversation,
        messages: rows.map((m, i) => presentMessage(m, parties, user.id, around[i])),
        hasMore,
      };
    },

    unread: async (user: AuthUser) => ({ unread: await unreadTotal(deps.sql, user.id) }),

    async enquiries(user: AuthUser) {
      const rows = await enquiriesByListing(deps.sql, user.id);
      return {
        total: rows.reduce((sum, r) => sum + r.enquiries, 0),
        listings: rows.map((r) => ({
          listingId: r.listingId,
          enquiries: r.enquiries,
          lastEnquiryAt: r.lastEnquiryAt && r.lastEnquiryAt.toISOString(),
        })),
      };
    },
  };
};
