import { Type, type Static } from '@sinclair/typebox';
import { t } from 'elysia';
import { ValidationError } from '@rentals/core/errors';
import { IsoTime } from '@rentals/core/listings/events';
import { NotificationItemId } from '@rentals/core/notifications/events';
import { messages, schemaErrors } from '@rentals/core/schemaErrors';
import { WRITE_LIMITS } from '../access/writeLimits.ts';

export const MAX_NOTIFICATIONS_LISTED = 50;
export const DEFAULT_NOTIFICATIONS_LISTED = 20;

export const notificationMessages = {
  limit: `limit must be a whole number from 1 to ${MAX_NOTIFICATIONS_LISTED}`,
  upTo: 'upTo must be a time (ISO 8601, e.g. 2026-11-24T10:00:00.000Z)',
  id: "id must be a notification's id as the bell lists it",
  both: 'Give upTo or id, not both',
  tooMany: WRITE_LIMITS.notificationsRead.tooMany,
} as const;
const m = notificationMessages;

export const NOTIFICATIONS_READ_LIMIT = WRITE_LIMITS.notificationsRead;

export const NotificationsQuery = t.Object({
  limit: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: MAX_NOTIFICATIONS_LISTED,
      default: DEFAULT_NOTIFICATIONS_LISTED,
      error: m.limit,
    }),
  ),
});

/**
 * POST /api/notifications/read's body: read up to a time (what the bell
 * showed; absent: now), or the one notification `id` (opened from the bell).
 */
export const MarkReadBody = Type.Object(
  {
    id: Type.Optional(
      Type.String({
        ...NotificationItemId,
        description: 'Read this one notification (its id in the list) and nothing else',
        ...messages({ type: m.id, maxLength: m.id, pattern: m.id }),
      }),
    ),
    upTo: Type.Optional(
      Type.String({
        pattern: IsoTime.pattern,
        maxLength: 30,
        description: 'Read up to this time (the newest notification the bell showed); absent: now',
        ...messages({ type: m.upTo, format: m.upTo, maxLength: m.upTo, pattern: m.upTo }),
      }),
    ),
  },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBody>;

/**
 * The body's one notification, or its time as a real instant (the pattern
 * lets through a 31st of February), or a 400 naming the field.
 */
export const readMarkReadBody = (body: unknown): { upTo?: string; id?: string } => {
  const value = body ?? {};
  const errors = schemaErrors(MarkReadBody, value);
  if (errors.length > 0) throw new ValidationError(errors);
  const { upTo, id } = value as MarkReadBody;
  if (id !== undefined && upTo !== undefined)
    throw new ValidationError([{ path: 'id', msg: m.both }]);
  if (id !== undefined) return { id };
  if (upTo === undefined) return {};
  const ms = Date.parse(upTo);
  const time = Number.isFinite(ms) ? new Date(ms).toISOString() : '';
  // A day that does not exist rolls over in Date.parse: the same calendar time back, or it was not one.
  if (time.slice(0, 19) !== upTo.slice(0, 19))
    throw new ValidationError([{ path: 'upTo', msg: m.upTo }]);
  return { upTo: time };
};
