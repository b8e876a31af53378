/**
 * A let as its two sides see it (POST /api/properties/{id}/let, GET
 * /api/lets/mine; issue 44): response validation, OpenAPI and the site's types.
 * The agreed figures are only ever shown to the owner and the tenant.
 */
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const LetSchema = Type.Object({
  letId: Type.String(),
  listingId: Type.String(),
  listingTitle: Nullable(Type.String({ description: 'null when the property is gone' })),
  role: Type.Union([Type.Literal('owner'), Type.Literal('tenant')], {
    description: 'Your side of the let',
  }),
  tenant: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], {
    description: 'The tenant from a conversation on the site; null when let to someone outside',
  }),
  conversationId: Nullable(Type.String()),
  rent: Type.Integer({ description: 'Agreed monthly rent in rupees' }),
  deposit: Type.Integer({ description: 'Agreed deposit in rupees' }),
  moveIn: Type.String({ description: 'YYYY-MM-DD' }),
  letAt: Type.String({ format: 'date-time' }),
  current: Type.Boolean({ description: 'The property has not been listed again since' }),
});

export const LetResponse = Type.Object({ let: LetSchema });
export const LetsResponse = Type.Object({ lets: Type.Array(LetSchema) });

export type LetDocument = Static<typeof LetSchema>;
