import { ValidationError } from '../errors.ts';
import { isSingleLine, singleLineText } from '../textFormats.ts';

export const VISIT_REASON_MAX_LENGTH = 300;

export const visitReasonMessages = {
  required: 'Please say why, in a few words',
  tooLong: `The reason can be at most ${VISIT_REASON_MAX_LENGTH} characters`,
  control: 'The reason cannot contain control characters',
} as const;

/** Why a visit was moved or called off: one line, shown to the other side. */
export const VisitReasonSchema = singleLineText({
  minLength: 1,
  maxLength: VISIT_REASON_MAX_LENGTH,
});

/** What the user typed → what is stored (trimmed), or a ValidationError on `reason`. */
export const normaliseVisitReason = (raw: string): string => {
  const reason = raw.trim();
  const fail = (msg: string) => {
    throw new ValidationError([{ path: 'reason', msg }]);
  };
  if (reason.length === 0) fail(visitReasonMessages.required);
  if (reason.length > VISIT_REASON_MAX_LENGTH) fail(visitReasonMessages.tooLong);
  if (!isSingleLine(reason)) fail(visitReasonMessages.control);
  return reason;
};
