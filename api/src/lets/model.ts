import { t } from 'elysia';
import { ID_PATTERN } from '@rentals/core/listings/bounds';
import { RentSchema } from '@rentals/core/listings/fields';
import { letMessages } from '@rentals/core/listings/let';
import { TENANCY_BOUNDS } from '@rentals/core/listings/tenancy';
import { letApiMessages } from './service.ts';

/** Whom the home was let to: the tenant of one of its conversations, or someone not on the site. */
const To = t.Union(
  [
    t.Object(
      {
        conversationId: t.String({
          pattern: ID_PATTERN,
          description: 'A conversation about this property: its tenant is the one it is let to',
        }),
      },
      { additionalProperties: false },
    ),
    t.Object({ outside: t.Literal(true) }, { additionalProperties: false }),
  ],
  { error: letApiMessages.recipient },
);

export const MarkLetBody = t.Object(
  {
    to: To,
    rent: RentSchema,
    deposit: t.Integer({
      minimum: 0,
      maximum: TENANCY_BOUNDS.depositRupees.max,
      description: 'Agreed deposit in whole rupees',
      error: letMessages.deposit,
    }),
    moveIn: t.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'Move-in day (YYYY-MM-DD), at most a year before or after today',
      error: letMessages.moveIn,
    }),
  },
  { additionalProperties: false },
);
