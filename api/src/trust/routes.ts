import { Elysia } from 'elysia';
import { isWellFormedId } from '@rentals/core/listings/bounds';
import { NotFoundError } from '@rentals/core/errors';
import { accountStreamId } from '@rentals/core/accounts/events';
import {
  BrokerDecisionResponse,
  BrokerQueueResponse,
  ListerCardResponse,
  RoleAnswerResponse,
  RoleQuestionResponse,
} from '@rentals/core/contract/lister';
import { LISTER_TRUST_READ_MODEL } from '@rentals/projections/queries/listerQueries';
import { waitForStream } from '@rentals/projections/queries/readYourWrites';
import { access } from '../access/access.ts';
import { OWNER_ROLES } from '../access/routeTable.ts';
import type { AppDeps } from '../deps.ts';
import { requestLocale } from '../i18n/apiErrors.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';
import { BrokerDecisionBody, RoleAnswerBody } from './model.ts';
import { trustService } from './service.ts';

export type TrustDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'newId' | 'log' | 'jwtSecret' | 'tokenTtlSeconds' | 'clientIp'
>;

const tags = ['Trust'];
const security = [{ bearer: [] }];

const accountIdOr404 = (id: string | undefined): string => {
  if (typeof id !== 'string' || !isWellFormedId(id)) throw new NotFoundError('No such lister');
  return id;
};

/** The lister's trust card, the admins' broker signals and the role question (issue 41, docs/TRUST.md). */
export const trustRoutes = (deps: TrustDeps) => {
  const service = trustService(deps);
  const write = idempotentWrites(deps);
  return new Elysia({ name: 'trust' })
    .use(access(deps))
    .get(
      '/listers/:id',
      ({ params, request }) =>
        // Its words in the reader's language (the site sends its page's, api/src/i18n/apiErrors.ts).
        service.card(accountIdOr404(params.id), requestLocale(request)),
      {
        requireUser: true,
        response: { 200: ListerCardResponse },
        detail: {
          summary:
            'Who lists a home: Owner or Broker, member since, listings live, replies, reports upheld',
          description:
            'The response rate and time come from conversations tenants started in the last year; with fewer ' +
            'than five to judge by, `responses` is left out. 404 for an account that lists nothing.',
          tags,
          security,
        },
      },
    )
    .get('/admin/brokers', ({ request }) => service.queue(requestLocale(request)), {
      requireRole: ['admin'] as const,
      response: { 200: BrokerQueueResponse },
      detail: {
        summary:
          "Homeowner accounts with broker signals, strongest first, each signal's reason in words",
        tags,
        security,
      },
    })
    .post(
      '/admin/brokers/:accountId/decision',
      (context) =>
        write(
          context,
          async ({ params, body, user, request }) => {
            const accountId = accountIdOr404(params.accountId);
            const result = await service.decide(
              user,
              accountId,
              body.decision,
              requestLocale(request),
            );
            await waitForStream(
              deps.sql,
              accountStreamId(accountId),
              undefined,
              LISTER_TRUST_READ_MODEL,
            );
            return result;
          },
          { fenced: false },
        ),
      {
        requireRole: ['admin'] as const,
        body: BrokerDecisionBody,
        response: { 200: BrokerDecisionResponse },
        detail: {
          summary: "'Looks like an owner' or 'Ask to confirm role' on an account's broker signals",
          description: '409 for an account that is not a homeowner’s.',
          tags,
          security,
        },
      },
    )
    .get('/lister-role/question', ({ user }) => service.question(user), {
      requireRole: OWNER_ROLES,
      response: { 200: RoleQuestionResponse },
      detail: {
        summary: "Whether the caller is asked 'Are you the owner or a broker?'",
        tags,
        security,
      },
    })
    .post(
      '/lister-role/answer',
      (context) =>
        write(
          context,
          async ({ body, user, request }) =>
            service.answer(user, body.answer, requestLocale(request)),
          {
            fenced: false,
          },
        ),
      {
        requireRole: OWNER_ROLES,
        body: RoleAnswerBody,
        response: { 200: RoleAnswerResponse },
        detail: {
          summary:
            "The caller's answer: owner, or broker (their account and listings then show 'Broker')",
          description:
            "403 for a broker answering 'owner': only our team lists a broker as an owner again.",
          tags,
          security,
        },
      },
    );
};
