import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A browser's subscription as PushSubscription.toJSON() gives it. */
export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A push the service accepted, decrypted as the browser would. */
export type ReceivedPush = {
  subscription: string;
  payload: unknown;
  ttl: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims (checked: signed by the key sent with it, for this origin, not expired). */
  claims: { aud: string; sub: string; exp: number };
};

type Subscriber = { ecdh: ECDH; auth: string; status: number };

const b64 = (s: string) => Buffer.from(s, 'base64url');

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the JWT
 * is ES256, signed by the key in `k`, for this origin, and not expired.
 */
const vapidClaims = (header: string | undefined, origin: string) => {
  const m = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization (got "${header}")`);
  const [head, body, signature] = m[1]!.split('.') as [string, string, string];
  const point = b64(m[2]!);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  if ((JSON.parse(b64(head).toString()) as { alg?: string }).alg !== 'ES256')
    throw new Error('the JWT is not ES256');
  const signed = Buffer.from(`${head}.${body}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, b64(signature)))
    throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(b64(body).toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`the JWT is for ${claims.aud}, not ${origin}`);
  if (!(claims.exp * 1000 > Date.now())) throw new Error('the JWT has expired');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('the JWT names no contact');
  return claims;
};

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A local push service for tests, standing in for FCM or Mozilla's: it takes
 * the POST a push sender makes, checks its VAPID JWT and decrypts the
 * aes128gcm body (RFC 8291) with the subscriber's private key, as the
 * browser would. `subscribe()` makes a subscription as a browser does (an
 * ECDH P-256 pair and a 16-byte auth secret); `answer(endpoint, 410)` makes
 * the service answer that status for it (an expired subscription).
 */
export const startPushService = async () => {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const subscriber = id === undefined ? undefined : subscribers.get(id);
      const body = await bodyOf(request);
      if (request.method !== 'POST' || !subscriber) {
        response.writeHead(404).end();
        return;
      }
      if (subscriber.status !== 201) {
        response.writeHead(subscriber.status).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error('the body is not aes128gcm');
        const claims = vapidClaims(request.headers.authorization, origin);
        const clear = decrypt(body, {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: subscriber.auth,
        });
        received.push({
          subscription: `${origin}/push/${id}`,
          payload: JSON.parse(clear.toString('utf8')),
          ttl: request.headers.ttl as string | undefined,
          topic: request.headers.topic as string | undefined,
          claims,
        });
        response.writeHead(201).end();
      } catch (error) {
        problems.push((error as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** What the service refused (a bad JWT, a body that did not decrypt): a test expects none. */
    problems,
    subscribe: (): BrowserSubscription => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const id = randomBytes(9).toString('base64url');
      subscribers.set(id, { ecdh, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    answer: (endpoint: string, status: number) => {
      const subscriber = subscribers.get(endpoint.split('/').pop()!);
      if (subscriber) subscriber.status = status;
    },
    /** The pushes one subscription received, decrypted. */
    pushesTo: (endpoint: string) => received.filter((r) => r.subscription === endpoint),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
