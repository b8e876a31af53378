import { isEmailVerified } from '../auth/users.ts';
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

/** What the use cases share: the dependencies, the two command handlers and the send limits. */
type Ctx = {
  deps: ConversationServiceDeps;
  commands: ReturnType<typeof conversationCommandHandler>;
  listings: ReturnType<typeof listingCommandHandler>;
  limits: ReturnType<typeof conversationLimiter>;
  now: () => Date;
};

const applied = ({ deps }: Ctx, conversationId: string) =>
  waitForStream(
    deps.sql,
    conversationStreamId(conversationId),
    undefined,
    CONVERSATIONS_READ_MODEL,
  );

/** An inbox row as its user sees it, with what the contact mask needs of earlier messages. */
const present = async ({ deps }: Ctx, row: InboxRow, user: AuthUser) =>
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

const conversationFor = async (ctx: Ctx, user: AuthUser, conversationId: string) => {
  const row = await inboxEntry(ctx.deps.sql, user.id, conversationId);
  if (!row) throw new NotFoundError(conversationMessages.notFound);
  return present(ctx, row, user);
};

/**
 * Decides once on the current state before anything is counted (a refused
 * or repeated send costs no limit), then counts, then runs the command for
 * real (deciding again on whatever state it then finds).
 */
const write = async (
  ctx: Ctx,
  user: AuthUser,
  conversationId: string,
  command: ConversationCommand,
  count: (fresh: boolean) => Promise<void>,
) => {
  const loaded = await ctx.commands.load(conversationId);
  const changes = decide(command, loaded.state).length > 0;
  if (changes) await count(loaded.state.status === 'absent');
  // The first attempt reuses the read even after counting: a write that raced it meanwhile makes
  // the append fail on the version, and the handler decides again on a fresh read.
  const { state } = await ctx.commands.handle(
    conversationId,
    (s) => decide(command, s),
    user.id,
    loaded,
  );
  await applied(ctx, conversationId);
  return state;
};

const sentMessage = async (
  ctx: Ctx,
  user: AuthUser,
  conversationId: string,
  { messageId, state }: { messageId: string; state: ConversationState },
) => {
  const { sql } = ctx.deps;
  const seq = state.status === 'open' ? state.conversation.messages[messageId]?.seq : undefined;
  const [parties, row, entry] = await Promise.all([
    conversationParties(sql, conversationId),
    seq === undefined ? undefined : messageAt(sql, conversationId, seq),
    inboxEntry(sql, user.id, conversationId),
  ]);
  if (!parties || !row || !entry) throw new NotFoundError(conversationMessages.notFound);
  return {
    conversation: await present(ctx, entry, user),
    message: presentMessage(row, parties, user.id),
  };
};

/** Opens (or continues) the user's conversation about a listing with its first message. */
const start = async (
  ctx: Ctx,
  user: AuthUser,
  input: { listingId: string; body: string; messageId: string },
) => {
  const conversationId = conversationIdFor(input.listingId, user.id);
  const listing = await ctx.listings.load(input.listingId);
  if (listing.state.status !== 'active') throw new NotFoundError(listingMessages.notFound);
  const { state } = await ctx.commands.load(conversationId);
  if (state.status === 'absent' && !listing.state.listing.isAvailable)
    throw new IllegalStateError(listingUnavailable);
  const command: ConversationCommand = {
    type: 'StartConversation',
    conversationId,
    listingId: input.listingId,
    userId: user.id,
    ownerId: listing.state.listing.ownerId,
    emailVerified: await isEmailVerified(ctx.deps.sql, user.id),
    messageId: input.messageId,
    body: input.body,
    at: ctx.now().toISOString(),
  };
  let created = false;
  const after = await write(ctx, user, conversationId, command, async (fresh) => {
    if (fresh) {
      await ctx.limits.start(user.id, ctx.now());
      created = true;
    }
    await ctx.limits.message(user.id, ctx.now());
  });
  const sent = await sentMessage(ctx, user, conversationId, {
    messageId: input.messageId,
    state: after,
  });
  return { created, ...sent };
};

const send = async (
  ctx: Ctx,
  user: AuthUser,
  conversationId: string,
  input: { body: string; messageId: string },
) => {
  const command: ConversationCommand = {
    type: 'SendMessage',
    userId: user.id,
    messageId: input.messageId,
    body: input.body,
    at: ctx.now().toISOString(),
  };
  const after = await write(ctx, user, conversationId, command, () =>
    ctx.limits.message(user.id, ctx.now()),
  );
  return sentMessage(ctx, user, conversationId, { messageId: input.messageId, state: after });
};

/** A command that costs no limit (read, archive, block …), answered with the conversation after it. */
const uncounted = async (
  ctx: Ctx,
  user: AuthUser,
  conversationId: string,
  command: ConversationCommand,
) => {
  await write(ctx, user, conversationId, command, () => Promise.resolve());
  return { conversation: await conversationFor(ctx, user, conversationId) };
};

const inbox = async (
  ctx: Ctx,
  user: AuthUser,
  options: { archived: boolean; limit: number; offset: number },
) => {
  const [rows, unread] = await Promise.all([
    inboxOf(ctx.deps.sql, user.id, options),
    unreadTotal(ctx.deps.sql, user.id),
  ]);
  return { conversations: await Promise.all(rows.map((r) => present(ctx, r, user))), unread };
};

const thread = async (
  ctx: Ctx,
  user: AuthUser,
  conversationId: string,
  options: { before?: number; limit: number },
) => {
  const { sql } = ctx.deps;
  const conversation = await conversationFor(ctx, user, conversationId);
  const parties = await conversationParties(sql, conversationId);
  if (!parties) throw new NotFoundError(conversationMessages.notFound);
  const page = await threadPage(sql, conversationId, {
    beforeSeq: options.before,
    limit: options.limit + 1,
  });
  const hasMore = page.length > options.limit;
  const rows = hasMore ? page.slice(1) : page;
  // A number split over messages may start before this page: the mask reads a few earlier ones.
  const masking = user.id === parties.ownerId && !parties.ownerReplied && rows.length > 0;
  const before = masking
    ? await threadPage(sql, conversationId, { beforeSeq: rows[0]!.seq, limit: SPLIT_WINDOW - 1 })
    : [];
  const around = aroundEach(before, rows);
  return {
    conversation,
    messages: rows.map((m, i) => presentMessage(m, parties, user.id, around[i])),
    hasMore,
  };
};

const enquiries = async (ctx: Ctx, user: AuthUser) => {
  const rows = await enquiriesByListing(ctx.deps.sql, user.id);
  return {
    total: rows.reduce((sum, r) => sum + r.enquiries, 0),
    listings: rows.map((r) => ({
      listingId: r.listingId,
      enquiries: r.enquiries,
      lastEnquiryAt: r.lastEnquiryAt && r.lastEnquiryAt.toISOString(),
    })),
  };
};

/**
 * The conversation use cases behind the routes: commands go through the
 * conversation's stream (rules in core), reads come from the conversations
 * read model, and every write waits (briefly) until the read model shows it,
 * so the writer's next read sees it.
 */
export const conversationService = (deps: ConversationServiceDeps) => {
  const ctx: Ctx = {
    deps,
    commands: conversationCommandHandler(deps.eventStore),
    listings: listingCommandHandler(deps.eventStore),
    limits: conversationLimiter(deps.sql, {
      ...DEFAULT_CONVERSATION_LIMITS,
      ...deps.conversationLimits,
    }),
    now: () => deps.clock(),
  };
  const at = () => ctx.now().toISOString();
  return {
    start: (user: AuthUser, input: { listingId: string; body: string; messageId: string }) =>
      start(ctx, user, input),
    send: (user: AuthUser, conversationId: string, input: { body: string; messageId: string }) =>
      send(ctx, user, conversationId, input),
    markRead: (user: AuthUser, conversationId: string, upToSeq: number) =>
      uncounted(ctx, user, conversationId, {
        type: 'MarkRead',
        userId: user.id,
        upToSeq,
        at: at(),
      }),
    setFlag: (
      user: AuthUser,
      conversationId: string,
      type: 'Archive' | 'Unarchive' | 'Block' | 'Unblock',
    ) => uncounted(ctx, user, conversationId, { type, userId: user.id, at: at() }),
    inbox: (user: AuthUser, options: { archived: boolean; limit: number; offset: number }) =>
      inbox(ctx, user, options),
    conversation: (user: AuthUser, conversationId: string) =>
      conversationFor(ctx, user, conversationId),
    thread: (user: AuthUser, conversationId: string, options: { before?: number; limit: number }) =>
      thread(ctx, user, conversationId, options),
    unread: async (user: AuthUser) => ({ unread: await unreadTotal(deps.sql, user.id) }),
    enquiries: (user: AuthUser) => enquiries(ctx, user),
  };
};
