/**
 * Rental agreement events (issue 44): one stream per let (`agreement-<letId>`).
 * The owner sets the terms; each side confirms them. A change of terms clears
 * both confirmations, so a confirmation always means "these terms", and the
 * draft PDF is offered only when both sides confirmed the terms as they stand.
 */
import { Type } from '@sinclair/typebox';
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';
import { AgreementTermsSchema } from './terms.ts';

export const AGREEMENT_STREAM_TYPE = 'agreement';
export const agreementStreamId = (letId: string) => `agreement-${letId}`;

export const AgreementPartySchema = Type.Union([Type.Literal('owner'), Type.Literal('tenant')]);

/** The owner set (or changed) the terms; any earlier confirmation no longer holds. */
const AgreementTermsSetData = eventData({
  letId: IdSchema,
  listingId: IdSchema,
  ownerId: IdSchema,
  tenantId: IdSchema,
  at: IsoTime,
  terms: AgreementTermsSchema,
});

/** One side confirmed the terms as they stood at `termsSetAt`. */
const AgreementConfirmedData = eventData({
  letId: IdSchema,
  userId: IdSchema,
  by: AgreementPartySchema,
  termsSetAt: IsoTime,
  at: IsoTime,
});

const schemas = {
  AgreementTermsSet: AgreementTermsSetData,
  AgreementConfirmed: AgreementConfirmedData,
};

export type AgreementEvent = EventsOf<typeof schemas>;

const events = defineEvents(schemas);
export const agreementEventDefinitions = events.definitions;
