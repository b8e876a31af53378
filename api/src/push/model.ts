import { Type, type Static } from '@sinclair/typebox';
import { ValidationError } from '@rentals/core/errors';
import { pushEndpointProblem } from '@rentals/core/push/endpoint';
import { messages, schemaErrors } from '@rentals/core/schemaErrors';

/** Push services' endpoints are a few hundred characters; FCM's are the longest seen (~200). */
export const MAX_ENDPOINT_LENGTH = 1000;
/** Subscriptions kept per account (phones, browsers); a new one past this replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export const pushMessages = {
  endpoint: `endpoint must be the push service's https URL (at most ${MAX_ENDPOINT_LENGTH} characters)`,
  p256dh: "keys.p256dh must be the browser's P-256 public key in base64url",
  auth: "keys.auth must be the browser's 16-byte auth secret in base64url",
  refused: 'This push service address is not accepted',
} as const;
const m = pushMessages;

const Endpoint = Type.String({
  minLength: 12,
  maxLength: MAX_ENDPOINT_LENGTH,
  // A URL on one line: no spaces or control characters.
  pattern: '^https?://[\\x21-\\x7e]+$',
  description: "The push service's URL the browser gave (PushSubscription.endpoint)",
  ...messages({
    type: m.endpoint,
    minLength: m.endpoint,
    maxLength: m.endpoint,
    pattern: m.endpoint,
  }),
});

/** A 65-byte uncompressed P-256 point is 87 base64url characters (88 with padding). */
const P256dh = Type.String({
  minLength: 86,
  maxLength: 88,
  pattern: '^[A-Za-z0-9_-]+={0,2}$',
  ...messages({ type: m.p256dh, minLength: m.p256dh, maxLength: m.p256dh, pattern: m.p256dh }),
});
/** 16 bytes are 22 base64url characters (24 with padding). */
const Auth = Type.String({
  minLength: 22,
  maxLength: 24,
  pattern: '^[A-Za-z0-9_-]+={0,2}$',
  ...messages({ type: m.auth, minLength: m.auth, maxLength: m.auth, pattern: m.auth }),
});

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const SubscribeBody = Type.Object(
  {
    endpoint: Endpoint,
    // Chrome sends null here; anything else is refused by the schema.
    expirationTime: Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: 0 })])),
    keys: Type.Object({ p256dh: P256dh, auth: Auth }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type SubscribeBody = Static<typeof SubscribeBody>;

/** DELETE /api/push/subscriptions: which one (this browser's endpoint). */
export const UnsubscribeBody = Type.Object({ endpoint: Endpoint }, { additionalProperties: false });

/** A key's bytes: the point must be uncompressed (0x04 first), the secret exactly 16 bytes. */
const keysProblem = ({ p256dh, auth }: SubscribeBody['keys']) => {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { path: 'keys.p256dh', msg: m.p256dh };
  if (Buffer.from(auth, 'base64url').length !== 16) return { path: 'keys.auth', msg: m.auth };
  return null;
};

const endpointOf = (endpoint: string, allowlist: readonly string[]) => {
  if (pushEndpointProblem(endpoint, allowlist) !== null)
    throw new ValidationError([{ path: 'endpoint', msg: m.refused }]);
  return endpoint;
};

/** The body as a subscription to keep, or a 400 naming the field. */
export const readSubscribeBody = (body: unknown, allowlist: readonly string[]): SubscribeBody => {
  const errors = schemaErrors(SubscribeBody, body ?? {});
  if (errors.length > 0) throw new ValidationError(errors);
  const value = body as SubscribeBody;
  const problem = keysProblem(value.keys);
  if (problem) throw new ValidationError([problem]);
  endpointOf(value.endpoint, allowlist);
  return value;
};

export const readUnsubscribeBody = (body: unknown): string => {
  const errors = schemaErrors(UnsubscribeBody, body ?? {});
  if (errors.length > 0) throw new ValidationError(errors);
  return (body as { endpoint: string }).endpoint;
};
