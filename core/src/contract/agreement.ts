/** Rental agreements as the API answers them (issue 44): response validation, OpenAPI and the site's type. */
import { Type, type Static } from '@sinclair/typebox';
import { AgreementTermsSchema } from '../agreements/terms.ts';

const Party = Type.Union([Type.Literal('owner'), Type.Literal('tenant')]);

export const AgreementSchema = Type.Object({
  letId: Type.String(),
  listingId: Type.String(),
  /** The caller's side of the let. */
  role: Party,
  listingTitle: Type.String(),
  area: Type.String(),
  city: Type.String(),
  ownerName: Type.String(),
  tenantName: Type.String(),
  /** The owner's terms; before the owner sets any, what the let and the listing suggest. */
  terms: AgreementTermsSchema,
  termsSet: Type.Boolean({ description: 'false: `terms` are the suggestion, not yet set' }),
  termsSetAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the terms as they stand were set; sent back with a confirmation',
  }),
  /** When each side confirmed the terms as they stand; null until they do. */
  confirmed: Type.Object({
    owner: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    tenant: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  /** Both confirmed: the PDF can be downloaded. */
  ready: Type.Boolean(),
  checks: Type.Array(
    Type.Object({
      id: Type.String(),
      level: Type.Union([Type.Literal('warning'), Type.Literal('info')]),
      section: Type.String({ description: 'The Model Tenancy Act, 2021 section, or empty' }),
      text: Type.String({ description: 'In the request’s language' }),
    }),
    { description: 'The terms against the Model Tenancy Act, 2021; warnings first. None blocks.' },
  ),
  stateNote: Type.Object({
    text: Type.String({
      description: 'Registration and stamp duty, as information; not legal advice',
    }),
    link: Type.Union([Type.Object({ url: Type.String(), text: Type.String() }), Type.Null()]),
  }),
});
export type AgreementDocument = Static<typeof AgreementSchema>;

export const AgreementResponse = Type.Object({ agreement: AgreementSchema });

export const AgreementLetSchema = Type.Object({
  letId: Type.String(),
  listingId: Type.String(),
  role: Party,
  listingTitle: Type.String(),
  /** The other side's name. */
  withName: Type.String(),
  letAt: Type.String({ format: 'date-time' }),
});
export const AgreementLetsResponse = Type.Object({
  lets: Type.Array(AgreementLetSchema, {
    description: 'Lets to a tenant on the platform that I am a side of, newest first',
  }),
});
