/**
 * Owner or broker, with reasons (issue 41): the lister's trust card, the
 * admins' broker-signal queue and the role question, as the API answers them.
 */
import { Type } from '@sinclair/typebox';

const date = () => Type.String({ format: 'date-time' });

/** GET /api/listers/:id — what a signed-in tenant sees of who lists a home. */
export const ListerCardResponse = Type.Object({
  lister: Type.Object({
    id: Type.String(),
    name: Type.String(),
    /** 'Owner' or 'Broker' (core/src/ui/labels.ts, listerLabel). */
    label: Type.Union([Type.Literal('Owner'), Type.Literal('Broker')]),
    memberSince: date(),
    listingsLive: Type.Integer(),
    /** Absent with fewer than five conversations to judge by: no misleading figure. */
    responses: Type.Optional(
      Type.Object({
        conversations: Type.Integer(),
        ratePercent: Type.Integer(),
        medianMinutes: Type.Union([Type.Integer(), Type.Null()]),
        text: Type.String({ description: "'Replies to 90% of enquiries, usually within 2 hours'" }),
      }),
    ),
    /** Review decisions that upheld reports against their listings (a fix asked, a delisting, a suspension). */
    reportsUpheld: Type.Integer(),
  }),
});

const Signal = Type.Object({
  kind: Type.String(),
  weight: Type.Integer(),
  /** Why, in words ('12 listings at 12 different addresses …'). */
  reason: Type.String(),
});

/** GET /api/admin/brokers — homeowner accounts with broker signals, strongest first. */
export const BrokerQueueResponse = Type.Object({
  accounts: Type.Array(
    Type.Object({
      accountId: Type.String(),
      name: Type.String(),
      email: Type.String(),
      memberSince: date(),
      listings: Type.Integer(),
      /** 0–100: the signals' weights added. */
      strength: Type.Integer(),
      signals: Type.Array(Signal),
      /** Where the role question stands, in words ('Asked on 2 Dec 2026', 'Said they are the owner'). */
      status: Type.String(),
    }),
  ),
  /** At or above this strength the owner is asked to confirm their role. */
  askAt: Type.Integer(),
});

/** POST /api/admin/brokers/:accountId/decision */
export const BrokerDecisionResponse = Type.Object({
  accountId: Type.String(),
  /** The decision in words. */
  decision: Type.String(),
});

/** GET /api/lister-role/question — whether the caller is asked 'Are you the owner or a broker?'. */
export const RoleQuestionResponse = Type.Object({ open: Type.Boolean() });

/** POST /api/lister-role/answer */
export const RoleAnswerResponse = Type.Object({
  role: Type.String(),
  /** What happened, in words. */
  text: Type.String(),
});
