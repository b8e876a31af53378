/** Web Push subscriptions (issue 43): what /api/push answers. Response validation, OpenAPI and the site's type. */
import { Type } from '@sinclair/typebox';

export const SubscriptionResponse = Type.Object({ subscribed: Type.Boolean() });

export const VapidKeyResponse = Type.Object({
  publicKey: Type.String({
    description: 'The VAPID public key (base64url): PushManager.subscribe({applicationServerKey})',
  }),
});
