/**
 * What an owner is told in-app (GET /api/reports/notices and the live stream's `notice` event): an
 * admin's review decision or the day-25 expiry reminder. Response validation, OpenAPI and the site's type.
 */
import { Type, type Static } from '@sinclair/typebox';

export const OwnerNoticeSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([
    Type.Literal('fix-requested'),
    Type.Literal('delisted'),
    Type.Literal('suspended'),
    Type.Literal('expiry-reminder'),
  ]),
  listingId: Type.String(),
  title: Type.Union([Type.String(), Type.Null()], {
    description: 'null once the listing is deleted',
  }),
  reason: Type.String(),
  at: Type.String({ format: 'date-time' }),
});

export type OwnerNotice = Static<typeof OwnerNoticeSchema>;

export const NoticesResponse = Type.Object({ notices: Type.Array(OwnerNoticeSchema) });
