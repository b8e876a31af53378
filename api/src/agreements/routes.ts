import { Elysia } from 'elysia';
import { agreementMessages } from '@rentals/core/agreements/decide';
import { AgreementLetsResponse, AgreementResponse } from '@rentals/core/contract/agreement';
import { NotFoundError } from '@rentals/core/errors';
import { negotiateLocale } from '@rentals/core/i18n/locales';
import { isWellFormedId } from '@rentals/core/listings/bounds';
import { access } from '../access/access.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import type { AppDeps } from '../deps.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';
import { ConfirmBody, PdfQuery, TermsBody } from './model.ts';
import { agreementService } from './service.ts';

export type AgreementRouteDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'jwtSecret' | 'tokenTtlSeconds' | 'log' | 'clientIp'
>;

const tags = ['Rental agreements'];
const security = [{ bearer: [] }];
const user = { requireUser: true } as const;
const limitText = `At most ${WRITE_LIMITS.agreement.perSubject} changes a minute per account (429: '${WRITE_LIMITS.agreement.tooMany}').`;
const sides = 'Only the owner and the tenant of the let see it; anyone else gets 404.';

/** A let id from the path, or the 404 an unknown one gets. */
const letId = (id: string | undefined): string => {
  if (typeof id !== 'string' || !isWellFormedId(id))
    throw new NotFoundError(agreementMessages.notFound);
  return id;
};

const localeOf = (request: Request) => negotiateLocale(request.headers.get('accept-language'));

/**
 * Rental agreements (issue 44): for a let to a tenant on the platform, the
 * owner sets the terms, both sides confirm them, and then either downloads
 * the draft PDF in English or Hindi.
 */
export const agreementRoutes = (deps: AgreementRouteDeps) => {
  const service = agreementService(deps);
  const write = idempotentWrites(deps);
  const address = (request: Request) => deps.clientIp?.(request) ?? 'unknown';
  return new Elysia({ name: 'agreements', prefix: '/agreements' })
    .use(access(deps))
    .get('', ({ user }) => service.lets(user), {
      ...user,
      response: { 200: AgreementLetsResponse },
      detail: {
        summary: 'The lets I am the owner or tenant of, for their agreements',
        tags,
        security,
      },
    })
    .get(
      '/:letId',
      ({ user, params, request }) => service.seen(user, letId(params.letId), localeOf(request)),
      {
        ...user,
        response: { 200: AgreementResponse },
        detail: {
          summary: 'A let’s rental agreement: terms, confirmations, checks and the state’s note',
          description: sides,
          tags,
          security,
        },
      },
    )
    .put(
      '/:letId/terms',
      (context) =>
        write(context, ({ user, params, body, request }) =>
          service.setTerms(user, address(request), letId(params.letId), body, localeOf(request)),
        ),
      {
        ...user,
        body: TermsBody,
        response: { 200: AgreementResponse },
        detail: {
          summary: 'Set the agreement’s terms (owner); both confirmations are cleared',
          description: `403 for the tenant. ${sides} ${limitText}`,
          tags,
          security,
        },
      },
    )
    .post(
      '/:letId/confirm',
      (context) =>
        write(context, ({ user, params, body, request }) =>
          service.confirm(
            user,
            address(request),
            letId(params.letId),
            body.termsSetAt,
            localeOf(request),
          ),
        ),
      {
        ...user,
        body: ConfirmBody,
        response: { 200: AgreementResponse },
        detail: {
          summary: 'Confirm the agreement’s terms as they stand (owner or tenant)',
          description: `409 before the owner sets terms, or when they changed since \`termsSetAt\`. ${sides} ${limitText}`,
          tags,
          security,
        },
      },
    )
    .get(
      '/:letId/agreement.pdf',
      async ({ user, params, query, set }) => {
        const bytes = await service.pdf(user, letId(params.letId), query.lang ?? 'en');
        set.headers['content-type'] = 'application/pdf';
        set.headers['content-disposition'] =
          `attachment; filename="rental-agreement-${query.lang ?? 'en'}.pdf"`;
        set.headers['cache-control'] = 'private, no-store';
        return new Response(bytes);
      },
      {
        ...user,
        query: PdfQuery,
        detail: {
          summary: 'The agreement draft as a PDF, in English or Hindi (not legal advice)',
          description: `409 until both the owner and the tenant have confirmed the terms. ${sides}`,
          tags,
          security,
        },
      },
    );
};
