import { t } from 'elysia';

export const trustApiMessages = {
  decision: "decision must be 'looksLikeOwner' or 'askToConfirm'",
  answer: "answer must be 'owner' or 'broker'",
} as const;

/** An admin's decision on an account's broker signals. */
export const BrokerDecisionBody = t.Object(
  {
    decision: t.Union([t.Literal('looksLikeOwner'), t.Literal('askToConfirm')], {
      description:
        "looksLikeOwner ('Looks like an owner': quiets the signals) | askToConfirm ('Ask to confirm role')",
      error: trustApiMessages.decision,
    }),
  },
  { additionalProperties: false },
);

/** The caller's answer to 'Are you the owner or a broker?'. */
export const RoleAnswerBody = t.Object(
  {
    answer: t.Union([t.Literal('owner'), t.Literal('broker')], {
      description: "owner | broker: 'broker' lists the account and all its listings as a broker's",
      error: trustApiMessages.answer,
    }),
  },
  { additionalProperties: false },
);
