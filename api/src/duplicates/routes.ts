import { requestLocale } from '../i18n/apiErrors.ts';
import { Elysia } from 'elysia';
import { NotFoundError } from '@rentals/core/errors';
import {
  DismissDuplicateResponse,
  DuplicateQueueResponse,
} from '@rentals/core/contract/duplicates';
import { decideDuplicatePair, foldDuplicatePair } from '@rentals/core/trust/duplicateReview';
import { pairKey } from '@rentals/core/trust/duplicates';
import {
  DUPLICATE_PAIR_STREAM_TYPE,
  duplicatePairStreamId,
  type DuplicatePairEvent,
} from '@rentals/core/trust/events';
import {
  DUPLICATES_READ_MODEL,
  duplicateQueue,
  pairIsFound,
} from '@rentals/projections/queries/duplicateQueries';
import { waitForUserIn } from '@rentals/projections/queries/readYourWrites';
import { access } from '../access/access.ts';
import { requestIdOf } from '../web/requestId.ts';
import type { AppDeps } from '../deps.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';
import { DismissBody, duplicateApiMessages } from './model.ts';

export type DuplicatesDeps = Pick<
  AppDeps,
  'sql' | 'eventStore' | 'clock' | 'log' | 'jwtSecret' | 'tokenTtlSeconds'
>;

const tags = ['Admin'];
const security = [{ bearer: [] }];
const admin = { requireRole: ['admin'] as const };

/**
 * The duplicate review (docs/TRUST.md, "Recycled photos and duplicate listings"): the pairs the
 * duplicates read model found, and 'Not a duplicate'. Acting on a listing (delist, suspend) is the
 * report review's and the listing's own routes; the screen links there. Admins only.
 */
export const duplicateRoutes = (deps: DuplicatesDeps) => {
  const write = idempotentWrites(deps);

  const dismiss = async (adminId: string, ids: [string, string], requestId: string) => {
    const [a, b] = pairKey(...ids);
    if (!(await pairIsFound(deps.sql, a, b)))
      throw new NotFoundError(duplicateApiMessages.notFound);
    const streamId = duplicatePairStreamId(a, b);
    const { version, events } = await deps.eventStore.readStream(streamId);
    const decided = decideDuplicatePair(
      { type: 'DismissDuplicatePair', listingIds: [a, b], adminId, at: deps.clock().toISOString() },
      foldDuplicatePair(events as unknown as DuplicatePairEvent[]),
    );
    await deps.eventStore.append(streamId, DUPLICATE_PAIR_STREAM_TYPE, version, decided, {
      userId: adminId,
      correlationId: requestId,
    });
    return { listingIds: [a, b], decision: 'Marked not a duplicate' };
  };

  return new Elysia({ name: 'duplicates', prefix: '/admin/duplicates' })
    .use(access(deps))
    .get(
      '',
      async ({ user, request }) => {
        await waitForUserIn(deps.sql, DUPLICATES_READ_MODEL, user.id);
        // The findings in the admin's language (the site sends its page's).
        return duplicateQueue(deps.sql, undefined, requestLocale(request));
      },
      {
        ...admin,
        response: { 200: DuplicateQueueResponse },
        detail: {
          summary:
            'Recycled photos and duplicate listings found, newest first, both listings side by side',
          tags,
          security,
        },
      },
    )
    .post(
      '/dismiss',
      (context) =>
        write(context, ({ body, user, request }) =>
          dismiss(user.id, body.listingIds as [string, string], requestIdOf(request)),
        ),
      {
        ...admin,
        body: DismissBody,
        response: { 200: DismissDuplicateResponse },
        detail: {
          summary: "Mark a found pair 'Not a duplicate': it never comes back",
          description:
            "404 when no such pair was found; 409 'This pair was already marked not a duplicate'.",
          tags,
          security,
        },
      },
    );
};
