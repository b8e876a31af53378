import { ValidationError } from '../errors.ts';
import { isMultiLine, multiLineText } from '../textFormats.ts';

export const MESSAGE_MAX_LENGTH = 2000;

export const messageBodyMessages = {
  required: 'Please write a message',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  control: 'Messages cannot contain control characters',
} as const;

/** A stored message: already trimmed, 1–2000 characters, line breaks allowed, no other control characters. */
export const MessageBodySchema = multiLineText({
  minLength: 1,
  maxLength: MESSAGE_MAX_LENGTH,
});

/** What the sender typed → what is stored (trimmed), or a ValidationError on `body`. */
export const normaliseMessageBody = (raw: string): string => {
  const body = raw.trim();
  const fail = (msg: string) => {
    throw new ValidationError([{ path: 'body', msg }]);
  };
  if (body.length === 0) fail(messageBodyMessages.required);
  if (body.length > MESSAGE_MAX_LENGTH) fail(messageBodyMessages.tooLong);
  if (!isMultiLine(body)) fail(messageBodyMessages.control);
  return body;
};
