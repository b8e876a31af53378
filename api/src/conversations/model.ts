import { t } from 'elysia';
import { MESSAGE_MAX_LENGTH, messageBodyMessages } from '@rentals/core/conversations/messageBody';
import { ID_PATTERN } from '@rentals/core/listings/bounds';
import { multiLineText } from '@rentals/core/textFormats';

const id = (description: string, error: string) =>
  t.String({ pattern: ID_PATTERN, description, error });

/** Room for whitespace around a full message; the trimmed text is held to 2000 characters. */
const RAW_BODY_MAX = MESSAGE_MAX_LENGTH * 2;

/** What the schema answers for any bad body (too long, or a control character such as NUL). */
export const MESSAGE_TEXT_ERROR = `${messageBodyMessages.tooLong}, without control characters`;

const MessageText = multiLineText({
  maxLength: RAW_BODY_MAX,
  description: `The message: 1–${MESSAGE_MAX_LENGTH} characters once trimmed; line breaks allowed, no other control characters`,
  error: MESSAGE_TEXT_ERROR,
});

const ClientMessageId = id(
  'Your own id for this message (e.g. a UUID), so that sending it again after a failure records it once',
  'messageId must be 1–64 letters, digits, - or _',
);

export const StartBody = t.Object(
  {
    listingId: id('The property to ask about', 'listingId must be a property id'),
    body: MessageText,
    messageId: ClientMessageId,
  },
  { additionalProperties: false },
);

export const SendBody = t.Object(
  { body: MessageText, messageId: ClientMessageId },
  { additionalProperties: false },
);

export const ReadBody = t.Object(
  {
    upToSeq: t.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'The number (seq) of the newest message read',
      error: 'upToSeq must be a message number (1 or more)',
    }),
  },
  { additionalProperties: false },
);

export const InboxQuery = t.Object({
  archived: t.Optional(
    t.Boolean({
      description: 'true: the archive; false (default): the inbox',
      error: 'archived must be true or false',
    }),
  ),
  limit: t.Optional(
    t.Integer({ minimum: 1, maximum: 100, default: 50, error: 'limit must be 1–100' }),
  ),
  offset: t.Optional(
    t.Integer({ minimum: 0, maximum: 10_000, default: 0, error: 'offset must be 0–10000' }),
  ),
});

export const ThreadQuery = t.Object({
  before: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'Only messages numbered below this (the previous page)',
      error: 'before must be a message number (1 or more)',
    }),
  ),
  limit: t.Optional(
    t.Integer({ minimum: 1, maximum: 100, default: 50, error: 'limit must be 1–100' }),
  ),
});
