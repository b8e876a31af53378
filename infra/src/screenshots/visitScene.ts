import { randomUUID } from 'node:crypto';

/** A call on the product's API as one of the demo accounts; throws on anything but a 2xx. */
const call = async <T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) => {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/**
 * The scene of the visit screenshot: the demo tenant has asked about one of
 * the demo broker's listings, the broker keeps visiting hours on it (weekday
 * evenings and Saturday mornings, as an owner in Pune would), and the tenant
 * has booked the first free time. Returns the conversation, where both see
 * the visit.
 */
export const visitScene = async (baseUrl: string, tokens: { tenant: string; broker: string }) => {
  const mine = await call<{ properties: { _id: string; isAvailable: boolean }[] }>(
    baseUrl,
    tokens.broker,
    'GET',
    '/properties/my-properties',
  );
  const listing = mine.properties.find((p) => p.isAvailable);
  if (!listing) throw new Error('the demo broker has no listed property');
  const { slots } = await call<{ slots: { start: string; free: boolean }[] }>(
    baseUrl,
    tokens.broker,
    'PUT',
    `/visit-times/${listing._id}`,
    {
      windows: [
        { days: [1, 2, 3, 4, 5], from: '18:00', to: '20:00' },
        { days: [6], from: '10:00', to: '13:00' },
      ],
    },
  );
  const { conversation } = await call<{ conversation: { id: string } }>(
    baseUrl,
    tokens.tenant,
    'POST',
    '/conversations',
    {
      listingId: listing._id,
      body: 'Hello! Could I see the flat this week?',
      messageId: randomUUID(),
    },
  );
  const free = slots.find((slot) => slot.free);
  if (!free) throw new Error('no free visiting time in the next two weeks');
  await call(baseUrl, tokens.tenant, 'POST', '/visits', {
    conversationId: conversation.id,
    start: free.start,
  });
  return conversation.id;
};
