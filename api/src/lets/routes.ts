import { Elysia } from 'elysia';
import { LetResponse, LetsResponse } from '@rentals/core/contract/let';
import { access } from '../access/access.ts';
import { OWNER_ROLES } from '../access/routeTable.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import type { AppDeps } from '../deps.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';
import { listingIdOr404 } from '../listings/model.ts';
import { MarkLetBody } from './model.ts';
import { letService } from './service.ts';

export type LetRouteDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'newId' | 'jwtSecret' | 'tokenTtlSeconds' | 'log' | 'clientIp'
>;

const tags = ['Lets'];
const security = [{ bearer: [] }];

/**
 * The let recorded (issue 44): the owner marks a home let, to the tenant of
 * one of its conversations or to someone outside; both sides read their lets.
 */
export const letRoutes = (deps: LetRouteDeps) => {
  const service = letService(deps);
  const write = idempotentWrites(deps);
  const address = (request: Request) => deps.clientIp?.(request) ?? 'unknown';
  return new Elysia({ name: 'lets' })
    .use(access(deps))
    .post(
      '/properties/:id/let',
      (context) =>
        write(context, async ({ user, params, body, request, set }) => {
          const result = await service.markLet(
            user,
            address(request),
            listingIdOr404(params.id),
            body,
          );
          set.status = 201;
          return result;
        }),
      {
        requireRole: OWNER_ROLES,
        body: MarkLetBody,
        response: { 201: LetResponse },
        detail: {
          summary:
            'Mark my property let (its owner or an admin), with the agreed rent, deposit and move-in',
          description:
            'A listed property is delisted at once (it leaves search, alerts and the public pages as a delisting ' +
            'does); a delisted or expired one may be marked let too. `to`: {conversationId} of a conversation ' +
            'about this property (its tenant) or {outside: true}. 409 when it was already marked let since it ' +
            'was last listed; 400 for a conversation about another property, a move-in more than a year away. ' +
            `At most ${WRITE_LIMITS.let.perSubject} an hour per account (429).`,
          tags,
          security,
        },
      },
    )
    .get('/lets/mine', ({ user }) => service.mine(user), {
      requireUser: true,
      response: { 200: LetsResponse },
      detail: {
        summary: 'The lets I am a side of, as owner or tenant, newest first',
        tags,
        security,
      },
    });
};
