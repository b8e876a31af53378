import { t } from 'elysia';
import { ID_PATTERN } from '@rentals/core/listings/bounds';
import { SINGLE_LINE } from '@rentals/core/textFormats';

/** At most this many listings in one bulk verification (two pages of the console's list). */
export const VERIFY_IDS_MAX = 50;
export const ADMIN_PAGE_SIZE = 20;
const PAGE_MAX = 500;
const CITY_MAX = 100;
export const RECENT_DECISIONS = 10;

export const adminApiMessages = {
  verifiedFilter: 'verified must be true or false',
  city: `city must be a place name of at most ${CITY_MAX} characters`,
  page: `page must be a whole number from 1 to ${PAGE_MAX}`,
  ids: `ids must be 1–${VERIFY_IDS_MAX} different property ids`,
  verified: 'verified must be true or false',
} as const;
const m = adminApiMessages;

export const ListingsQuery = t.Object(
  {
    verified: t.Optional(
      t.Union([t.Literal('true'), t.Literal('false')], {
        description: 'false (default): listings awaiting verification; true: verified ones',
        error: m.verifiedFilter,
      }),
    ),
    city: t.Optional(
      t.String({
        maxLength: CITY_MAX,
        format: SINGLE_LINE,
        description: 'One city',
        error: m.city,
      }),
    ),
    page: t.Optional(t.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, error: m.page })),
  },
  { additionalProperties: false },
);

export const VerifyManyBody = t.Object(
  {
    ids: t.Array(t.String({ pattern: ID_PATTERN, error: m.ids }), {
      minItems: 1,
      maxItems: VERIFY_IDS_MAX,
      uniqueItems: true,
      description: `1–${VERIFY_IDS_MAX} property ids`,
      error: m.ids,
    }),
    verified: t.Boolean({ description: 'true verifies them; false revokes it', error: m.verified }),
  },
  { additionalProperties: false },
);
