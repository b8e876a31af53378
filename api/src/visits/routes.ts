import { Elysia } from 'elysia';
import { NotFoundError } from '@rentals/core/errors';
import { VisitResponse, VisitsResponse, VisitTimesResponse } from '@rentals/core/contract/visit';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { negotiateLocale } from '@rentals/core/i18n/locales';
import { isWellFormedId } from '@rentals/core/listings/bounds';
import { emailLink } from '@rentals/core/mail/links';
import { visitMessages } from '@rentals/core/visits/decide';
import { visitInviteIcs } from '@rentals/core/visits/invite';
import { access } from '../access/access.ts';
import { OWNER_ROLES } from '../access/routeTable.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import type { AppDeps } from '../deps.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';
import { listingIdOr404 } from '../listings/model.ts';
import { BookBody, CancelBody, RescheduleBody, WindowsBody } from './model.ts';
import { visitService } from './service.ts';

export type VisitRouteDeps = Pick<
  AppDeps,
  | 'sql'
  | 'eventStore'
  | 'clock'
  | 'newId'
  | 'jwtSecret'
  | 'tokenTtlSeconds'
  | 'log'
  | 'clientIp'
  | 'siteUrl'
>;

const tags = ['Visits'];
const security = [{ bearer: [] }];
const user = { requireUser: true } as const;
const limitText = `At most ${WRITE_LIMITS.visit.perSubject} visit changes a minute per account (429: '${WRITE_LIMITS.visit.tooMany}').`;

/** A visit id from the path, or the 404 an unknown one gets. */
const visitId = (id: string | undefined): string => {
  if (typeof id !== 'string' || !isWellFormedId(id))
    throw new NotFoundError(visitMessages.notAVisit);
  return id;
};

/** What the visit routes share. */
type Ctx = {
  deps: VisitRouteDeps;
  service: ReturnType<typeof visitService>;
  write: ReturnType<typeof idempotentWrites>;
  address: (request: Request) => string;
};

/** A listing's visiting hours: read by anyone signed in, set by its owner. */
const timesRoutes = ({ deps, service, write, address }: Ctx) =>
  new Elysia({ name: 'visit-times', prefix: '/visit-times' })
    .use(access(deps))
    .get('/:listingId', ({ params }) => service.times(listingIdOr404(params.listingId)), {
      ...user,
      response: { 200: VisitTimesResponse },
      detail: {
        summary: 'A property’s visiting hours and its bookable slots for the next two weeks',
        tags,
        security,
      },
    })
    .put(
      '/:listingId',
      (context) =>
        write(context, ({ user, params, body, request }) =>
          service.setWindows(
            user,
            address(request),
            listingIdOr404(params.listingId),
            body.windows,
          ),
        ),
      {
        requireRole: OWNER_ROLES,
        body: WindowsBody,
        response: { 200: VisitTimesResponse },
        detail: {
          summary: 'Set my property’s weekly visiting hours (owner)',
          description: `403 for someone else's property. Booked visits stay as they are. ${limitText}`,
          tags,
          security,
        },
      },
    );

/** The caller's visits: booked, read, moved, called off, a no-show, as a calendar invite. */
const visitsRoutes = ({ deps, service, write, address }: Ctx) =>
  new Elysia({ name: 'visits', prefix: '/visits' })
    .use(access(deps))
    .get('', ({ user }) => service.list(user), {
      ...user,
      response: { 200: VisitsResponse },
      detail: { summary: 'My visits, as tenant or owner, soonest first', tags, security },
    })
    .post(
      '',
      (context) =>
        write(context, async ({ user, body, request, set }) => {
          const result = await service.book(user, address(request), body);
          set.status = 201;
          return result;
        }),
      {
        ...user,
        body: BookBody,
        response: { 201: VisitResponse },
        detail: {
          summary: 'Book a visit from my conversation about a property',
          description:
            `409 when the slot was just taken or I already have a visit booked there; 400 for a time ` +
            `that is not offered, or under an hour or over two weeks ahead. ${limitText}`,
          tags,
          security,
        },
      },
    )
    .get('/:id', ({ user, params }) => service.seen(visitId(params.id), user.id), {
      ...user,
      response: { 200: VisitResponse },
      detail: { summary: 'One of my visits', tags, security },
    })
    .get(
      '/:id/invite.ics',
      async ({ user, params, request, set }) => {
        const { visit } = await service.seen(visitId(params.id), user.id);
        const locale = negotiateLocale(request.headers.get('accept-language'));
        const { t } = translatorFor(locale);
        set.headers['content-type'] = 'text/calendar; charset=utf-8';
        set.headers['content-disposition'] = 'attachment; filename="visit.ics"';
        return visitInviteIcs({
          visitId: visit.visitId,
          start: visit.start,
          title: t('email.visit.inviteTitle', { title: visit.listingTitle }),
          location: [visit.area, visit.city].filter(Boolean).join(', '),
          url: emailLink(deps.siteUrl ?? '', {
            to: 'conversation',
            conversationId: visit.conversationId,
          }),
          sequence: 0,
          stamp: visit.start,
          cancelled: visit.status === 'cancelled',
        });
      },
      {
        ...user,
        detail: { summary: 'One of my visits as a calendar invite (.ics)', tags, security },
      },
    )
    .post(
      '/:id/reschedule',
      (context) =>
        write(context, ({ user, params, body, request }) =>
          service.reschedule(user, address(request), visitId(params.id), body),
        ),
      {
        ...user,
        body: RescheduleBody,
        response: { 200: VisitResponse },
        detail: {
          summary: 'Move one of my visits to another free slot, saying why',
          description: `409 when the slot is taken or the visit is over or called off. ${limitText}`,
          tags,
          security,
        },
      },
    )
    .post(
      '/:id/cancel',
      (context) =>
        write(context, ({ user, params, body, request }) =>
          service.cancel(user, address(request), visitId(params.id), body.reason),
        ),
      {
        ...user,
        body: CancelBody,
        response: { 200: VisitResponse },
        detail: { summary: 'Call off one of my visits, saying why', tags, security },
      },
    )
    .post(
      '/:id/no-show',
      (context) =>
        write(context, ({ user, params, request }) =>
          service.noShow(user, address(request), visitId(params.id)),
        ),
      {
        ...user,
        response: { 200: VisitResponse },
        detail: {
          summary: 'Record that the tenant did not come (owner, after the visit time)',
          tags,
          security,
        },
      },
    );

/**
 * Visits (issue 44): an owner's visiting hours per listing, and the visits a
 * tenant books from their conversation about it. Only the visit's two sides
 * see or change a visit; anyone else is told it does not exist.
 */
export const visitRoutes = (deps: VisitRouteDeps) => {
  const ctx: Ctx = {
    deps,
    service: visitService(deps),
    write: idempotentWrites(deps),
    address: (request) => deps.clientIp?.(request) ?? 'unknown',
  };
  return new Elysia({ name: 'visit-routes' }).use(timesRoutes(ctx)).use(visitsRoutes(ctx));
};
