import { Elysia } from 'elysia';
import { access } from '../access/access.ts';
import { OWNER_ROLES } from '../access/routeTable.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '@rentals/core/errors';
import { conversationMessages } from '@rentals/core/conversations/decide';
import { isWellFormedId } from '@rentals/core/listings/bounds';
import { liveHubFor, MAX_STREAMS_PER_USER } from './liveHub.ts';
import { HEARTBEAT_MS, openLiveStream, parseLastEventId } from './liveStream.ts';
import { limitMessages, DEFAULT_CONVERSATION_LIMITS } from './limits.ts';
import { InboxQuery, ReadBody, SendBody, StartBody, ThreadQuery } from './model.ts';
import {
  ConversationResponse,
  EnquiriesResponse,
  InboxResponse,
  SentResponse,
  ThreadResponse,
  UnreadResponse,
} from '@rentals/core/contract/conversation';
import { conversationService } from './service.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';

export type ConversationRouteDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'jwtSecret' | 'tokenTtlSeconds' | 'log' | 'conversationLimits'
>;

/** The path of the live stream (the web server gives it a longer idle timeout). */
export const LIVE_STREAM_PATH = '/api/conversations/stream';

const tags = ['Messages'];
const security = [{ bearer: [] }];
const user = { requireUser: true } as const;

/** A conversation id from the path, or the 404 an unknown one gets (never a 400 that tells ids apart). */
const conversationId = (id: string | undefined): string => {
  if (typeof id !== 'string' || !isWellFormedId(id))
    throw new NotFoundError(conversationMessages.notFound);
  return id;
};

const limits = (deps: ConversationRouteDeps) => ({
  ...DEFAULT_CONVERSATION_LIMITS,
  ...deps.conversationLimits,
});

/** What the conversation routes share. */
type RoutesCtx = {
  deps: ConversationRouteDeps;
  service: ReturnType<typeof conversationService>;
  hub: ReturnType<typeof liveHubFor>;
  write: ReturnType<typeof idempotentWrites>;
  /** The send limits, as the API docs state them. */
  limitsText: string;
};

const routes = (ctx: RoutesCtx, part: string) =>
  new Elysia({ name: `conversations-${part}`, prefix: '/conversations' }).use(access(ctx.deps));

/** The inbox, one conversation, a thread's pages, the unread count and the owner's enquiries. */
const readingRoutes = (ctx: RoutesCtx) =>
  routes(ctx, 'reading')
    .get(
      '',
      ({ user, query }) =>
        ctx.service.inbox(user, {
          archived: query.archived ?? false,
          limit: query.limit ?? 50,
          offset: query.offset ?? 0,
        }),
      {
        ...user,
        query: InboxQuery,
        response: { 200: InboxResponse },
        detail: {
          summary: 'My conversations, newest activity first (the inbox, or the archive)',
          description:
            'Phone numbers and emails in a tenant’s messages are hidden from the owner until the owner replies.',
          tags,
          security,
        },
      },
    )
    .get('/unread', ({ user }) => ctx.service.unread(user), {
      ...user,
      response: { 200: UnreadResponse },
      detail: {
        summary:
          'How many messages I have not read (all conversations): the header badge and dashboard card',
        tags,
        security,
      },
    })
    .get('/enquiries', ({ user }) => ctx.service.enquiries(user), {
      requireRole: OWNER_ROLES,
      response: { 200: EnquiriesResponse },
      detail: {
        summary: 'Enquiries (conversations started by tenants) per property I own',
        tags,
        security,
      },
    })
    .get(
      '/:id',
      async ({ user, params }) => ({
        conversation: await ctx.service.conversation(user, conversationId(params.id)),
      }),
      {
        ...user,
        response: { 200: ConversationResponse },
        detail: { summary: 'One of my conversations', tags, security },
      },
    )
    .get(
      '/:id/messages',
      ({ user, params, query }) =>
        ctx.service.thread(user, conversationId(params.id), {
          before: query.before,
          limit: query.limit ?? 50,
        }),
      {
        ...user,
        query: ThreadQuery,
        response: { 200: ThreadResponse },
        detail: {
          summary:
            'A page of a conversation’s messages, oldest first (the newest page without `before`)',
          tags,
          security,
        },
      },
    );

/** Starting a conversation, sending in one, and read marks: each one idempotent write. */
const writingRoutes = (ctx: RoutesCtx) =>
  routes(ctx, 'writing')
    .post(
      '',
      (context) =>
        ctx.write(context, async ({ user, body, set }) => {
          const { created, ...result } = await ctx.service.start(user, body);
          set.status = created ? 201 : 200;
          return result;
        }),
      {
        ...user,
        body: StartBody,
        response: { 200: SentResponse, 201: SentResponse },
        detail: {
          summary:
            'Message a property’s owner: starts the conversation about it (201), or continues it (200)',
          description:
            'One conversation per tenant and property: asking again adds to it. Sending the same messageId again ' +
            'records the message once and answers it again. 403 when messaging your own property or a blocked ' +
            `conversation; 404 for an unknown property; 409 when the property is delisted. ${ctx.limitsText}`,
          tags,
          security,
        },
      },
    )
    .post(
      '/:id/messages',
      (context) =>
        ctx.write(context, async ({ user, params, body, set }) => {
          const result = await ctx.service.send(user, conversationId(params.id), body);
          set.status = 201;
          return result;
        }),
      {
        ...user,
        body: SendBody,
        response: { 201: SentResponse },
        detail: {
          summary: 'Send a message in one of my conversations',
          description:
            'Sending the same messageId again (a retry) records it once and answers it again. 403 when the ' +
            `conversation is blocked (by either side). ${ctx.limitsText}`,
          tags,
          security,
        },
      },
    )
    .post(
      '/:id/read',
      (context) =>
        ctx.write(context, ({ user, params, body }) =>
          ctx.service.markRead(user, conversationId(params.id), body.upToSeq),
        ),
      {
        ...user,
        body: ReadBody,
        response: { 200: ConversationResponse },
        detail: { summary: 'Mark the messages up to upToSeq as read', tags, security },
      },
    );

type Flag = 'Archive' | 'Unarchive' | 'Block' | 'Unblock';

/** One flag's route (under flagRoutes' prefix): POST sets archive or block, DELETE undoes it. */
const flagRoute = (ctx: RoutesCtx, flag: Flag, summary: string) =>
  new Elysia({ name: `conversations-flag-${flag}` })
    .use(access(ctx.deps))
    .route(
      flag.startsWith('Un') ? 'DELETE' : 'POST',
      `/:id/${flag.replace(/^Un/, '').toLowerCase()}`,
      (context) =>
        ctx.write(context, ({ user, params }) =>
          ctx.service.setFlag(user, conversationId(params.id), flag),
        ),
      { ...user, response: { 200: ConversationResponse }, detail: { summary, tags, security } },
    );

/** Archive and block, and their undoing: for the caller only (block: both sides). */
const flagRoutes = (ctx: RoutesCtx) =>
  routes(ctx, 'flags')
    .use(flagRoute(ctx, 'Archive', 'Archive a conversation (for me only)'))
    .use(flagRoute(ctx, 'Unarchive', 'Move a conversation back to the inbox'))
    .use(
      flagRoute(
        ctx,
        'Block',
        'Block the other person: neither side can send in this conversation until I unblock',
      ),
    )
    .use(flagRoute(ctx, 'Unblock', 'Unblock the conversation'));

/** The live stream of what changes in the caller's conversations (server-sent events). */
const streamRoute = (ctx: RoutesCtx) =>
  routes(ctx, 'stream').get(
    '/stream',
    ({ user, session, request }) =>
      new Response(
        openLiveStream(
          { sql: ctx.deps.sql, hub: ctx.hub },
          user,
          session,
          parseLastEventId(request.headers.get('last-event-id')),
          request.signal,
        ),
        {
          headers: {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            'x-accel-buffering': 'no',
          },
        },
      ),
    {
      ...user,
      detail: {
        summary: 'Live inbox: server-sent events of every change to my conversations',
        description:
          'Authenticate with the Authorization header (read it with fetch, not EventSource; never put a token ' +
          "in a URL). Events: 'ready' {unread} first, then 'started' | 'message' | 'read' | 'archived' | " +
          "'blocked' with {conversationId, conversation, message, unread}; each has an id: reconnect with " +
          `Last-Event-ID to get every event after it. A comment line every ${HEARTBEAT_MS / 1000} s. At most ` +
          `${MAX_STREAMS_PER_USER} streams per user per server; a newer one ends the oldest ('closed'). ` +
          "The stream also ends ('closed') once its session does: a logout of its token, a logout everywhere, " +
          'a password change or reset, or a suspension, on every server.',
        tags,
        security,
        responses: { 200: { description: 'text/event-stream' } },
      },
    },
  );

/**
 * Conversations between tenants and owners about a listing: start one from
 * the listing, list them, read and write a thread, read marks, archive,
 * block, and a live stream of what changes. Only the two participants ever
 * see a conversation; anyone else gets 404.
 */
export const conversationRoutes = (deps: ConversationRouteDeps) => {
  const { startsPerDay, messagesPerMinute } = limits(deps);
  const ctx: RoutesCtx = {
    deps,
    service: conversationService(deps),
    hub: liveHubFor(deps),
    write: idempotentWrites(deps),
    limitsText:
      `At most ${startsPerDay} new conversations a day and ${messagesPerMinute} messages a minute per user ` +
      `(429 with Retry-After, e.g. "${limitMessages.messages(messagesPerMinute, 30)}").`,
  };
  return new Elysia({ name: 'conversations' })
    .use(readingRoutes(ctx))
    .use(writingRoutes(ctx))
    .use(flagRoutes(ctx))
    .use(streamRoute(ctx));
};
