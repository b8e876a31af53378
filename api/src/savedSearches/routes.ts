import { Elysia } from 'elysia';
import { access } from '../access/access.ts';
import { jsonBody, requireJsonBody } from '../auth/jsonBody.ts';
import {
  SAVED_SEARCH_CHANGE_LIMIT,
  SavedSearchBody,
  savedSearchBodyMessages,
  MAX_ALERTS_LISTED,
} from './model.ts';
import {
  DeletedResponse,
  SavedSearchAlertsResponse,
  SavedSearchResponse,
  SavedSearchesResponse,
} from '@rentals/core/contract/savedSearch';
import { recentAlerts } from '@rentals/projections/queries/savedSearchQueries';
import { savedSearchService, searchIdOr404, type SavedSearchDeps } from './service.ts';
import { MAX_SAVED_SEARCHES } from '@rentals/core/savedSearches/events';
import { savedSearchMessages } from '@rentals/core/savedSearches/savedSearches';
import type { AppDeps } from '../deps.ts';
import { actionPage } from '../web/actionPage.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';

const tags = ['Saved searches'];

/** The page an unsubscribe link opens. */
const unsubscribedPage = (name: string | null) =>
  actionPage({
    heading: 'You are unsubscribed',
    text:
      name === null
        ? 'This saved search no longer exists, so it sends no emails.'
        : `We will send no more emails for your saved search “${name}”. You can turn its alerts on again on your saved searches page.`,
    links: [
      { href: '/saved-searches', label: 'Your saved searches' },
      { href: '/', label: 'Rentals home' },
    ],
    testId: 'unsubscribe-result',
  });
const security = [{ bearer: [] }];
const body = jsonBody(SavedSearchBody);
const notes =
  `Only your own searches: another user's search id is 404 ('${savedSearchMessages.notFound}'). ` +
  `At most ${SAVED_SEARCH_CHANGE_LIMIT.perSubject} changes a minute (429: '${savedSearchBodyMessages.tooMany}').`;
type Deps = SavedSearchDeps & Pick<AppDeps, 'jwtSecret' | 'tokenTtlSeconds'>;
type Service = ReturnType<typeof savedSearchService>;
type Action = 'PauseSavedSearch' | 'ResumeSavedSearch' | 'SeeSavedSearch';

/** What the saved-search routes share. */
type Ctx = {
  deps: Deps;
  service: Service;
  write: ReturnType<typeof idempotentWrites>;
  /** Who acts, for the service's rate limit. */
  acted: (request: Request, userId: string) => { userId: string; address: string };
  /** Pause, resume or see one search; answers it as it is now. */
  one: (
    request: Request,
    userId: string,
    id: string | undefined,
    type: Action,
  ) => Promise<{ savedSearch: NonNullable<Awaited<ReturnType<Service['act']>>> }>;
};

const routes = (ctx: Ctx, part: string) =>
  new Elysia({ name: `saved-searches-${part}`, prefix: '/saved-searches' }).use(access(ctx.deps));

const unsubscribe = async ({ service }: Ctx, request: Request) => {
  const query = new URL(request.url).searchParams;
  const param = (name: string) => query.get(name)?.slice(0, 200) ?? '';
  const name = await service.unsubscribe(
    searchIdOr404(param('u')),
    searchIdOr404(param('s')),
    param('t'),
  );
  return unsubscribedPage(name);
};

/** The unsubscribe link of every alert email: no sign-in. */
const unsubscribeRoutes = (ctx: Ctx) =>
  routes(ctx, 'unsubscribe')
    .get('/unsubscribe', ({ request }) => unsubscribe(ctx, request), {
      detail: {
        summary:
          "One-click unsubscribe from a saved search's emails (the link in every alert email)",
        description:
          'No sign-in: the link carries the user (u), the search (s) and a token (t) signed by the server. ' +
          'Turns the alerts of that search off; repeating it changes nothing. A wrong token is 404. ' +
          'Answers a short HTML page.',
        tags,
      },
    })
    .post('/unsubscribe', ({ request }) => unsubscribe(ctx, request), {
      detail: {
        summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post), as the GET',
        tags,
      },
    });

/** My saved searches and my alerts. */
const readingRoutes = (ctx: Ctx) => {
  const { deps, service } = ctx;
  return routes(ctx, 'reading')
    .get('', async ({ user }) => ({ savedSearches: await service.list(user.id) }), {
      requireUser: true,
      response: { 200: SavedSearchesResponse },
      detail: {
        summary: 'My saved searches, oldest first, with how many new matches each has',
        tags,
        security,
      },
    })
    .get(
      '/alerts',
      async ({ user }) => ({ alerts: await recentAlerts(deps.sql, user.id, MAX_ALERTS_LISTED) }),
      {
        requireUser: true,
        response: { 200: SavedSearchAlertsResponse },
        detail: {
          summary: `My newest ${MAX_ALERTS_LISTED} saved-search alerts (the header's notifications)`,
          description:
            'Listings that newly matched a saved search whose alerts are on, newest first; listings no longer ' +
            'available are left out. New ones arrive live on /api/conversations/stream as `alert` events.',
          tags,
          security,
        },
      },
    );
};

/** Save a search, and change one. */
const editingRoutes = (ctx: Ctx) => {
  const { service, write, acted } = ctx;
  return routes(ctx, 'editing')
    .post(
      '',
      (context) =>
        write(context, async ({ user, body: sent, request, set }) => {
          const savedSearch = await service.create(acted(request, user.id), sent);
          set.status = 201;
          return { savedSearch };
        }),
      {
        requireUser: true,
        beforeHandle: requireJsonBody,
        response: { 201: SavedSearchResponse },
        detail: {
          summary: 'Save a search with a name and an alert choice',
          description:
            `At most ${MAX_SAVED_SEARCHES} per user (409: '${savedSearchMessages.tooMany}'); names are unique ` +
            `among yours. City and area are resolved as the search resolves them. ${notes}`,
          requestBody: body,
          tags,
          security,
        },
      },
    )
    .put(
      '/:id',
      (context) =>
        write(context, async ({ user, params, body: sent, request }) => ({
          savedSearch: await service.edit(acted(request, user.id), searchIdOr404(params.id), sent),
        })),
      {
        requireUser: true,
        beforeHandle: requireJsonBody,
        response: { 200: SavedSearchResponse },
        detail: {
          summary: 'Change a saved search: its name, its filters and its alert choice at once',
          description: notes,
          requestBody: body,
          tags,
          security,
        },
      },
    );
};

/** One search's pause, resume or seen (under stateRoutes' prefix): a POST that answers it as it is now. */
const actionRoute = (ctx: Ctx, path: string, action: Action, summary: string) =>
  new Elysia({ name: `saved-searches-${action}` })
    .use(access(ctx.deps))
    .post(
      `/:id/${path}`,
      (context) =>
        ctx.write(context, ({ user, params, request }) =>
          ctx.one(request, user.id, params.id, action),
        ),
      {
        requireUser: true,
        response: { 200: SavedSearchResponse },
        detail: { summary, description: notes, tags, security },
      },
    );

/** Pause, resume, mark seen and delete one search. */
const stateRoutes = (ctx: Ctx) => {
  const { service, write, acted } = ctx;
  return routes(ctx, 'state')
    .use(
      actionRoute(
        ctx,
        'pause',
        'PauseSavedSearch',
        'Pause a saved search: no matches, no alerts until resumed',
      ),
    )
    .use(actionRoute(ctx, 'resume', 'ResumeSavedSearch', 'Resume a paused saved search'))
    .use(
      actionRoute(
        ctx,
        'seen',
        'SeeSavedSearch',
        'Mark the matches of a saved search as seen (its new-match count starts again from 0)',
      ),
    )
    .delete(
      '/:id',
      (context) =>
        write(context, async ({ user, params, request }) => {
          const id = searchIdOr404(params.id);
          await service.act(acted(request, user.id), id, 'DeleteSavedSearch');
          return { id, deleted: true as const };
        }),
      {
        requireUser: true,
        response: { 200: DeletedResponse },
        detail: {
          summary: 'Delete a saved search and its matches',
          description: notes,
          tags,
          security,
        },
      },
    );
};

/**
 * The signed-in user's saved searches (issue 17). Every route acts on the
 * caller's own stream of saved searches: none takes a user id.
 */
export const savedSearchRoutes = (deps: Deps) => {
  const service = savedSearchService(deps);
  const acted = (request: Request, userId: string) => ({
    userId,
    address: deps.clientIp?.(request) ?? 'unknown',
  });
  const one: Ctx['one'] = async (request, userId, id, type) => ({
    savedSearch: (await service.act(acted(request, userId), searchIdOr404(id), type))!,
  });
  const ctx: Ctx = { deps, service, write: idempotentWrites(deps), acted, one };
  return new Elysia({ name: 'saved-searches' })
    .use(unsubscribeRoutes(ctx))
    .use(readingRoutes(ctx))
    .use(editingRoutes(ctx))
    .use(stateRoutes(ctx));
};
