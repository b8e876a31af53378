import { createECDH } from 'node:crypto';
import type { Sql } from 'postgres';

/** A VAPID key pair as web-push takes it: base64url of the uncompressed P-256 point and of its private scalar. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** A fresh P-256 pair (what `web-push generate-vapid-keys` makes). */
export const generateVapidKeys = (): VapidKeys => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A scalar with leading zero bytes comes back shorter; the key is 32 bytes.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
};

/**
 * The pair in use: the configured one (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY,
 * production), else the one kept in the database, made on first use. The
 * insert is first-writer-wins, so the web processes and the projections
 * process that start together all end up with the same pair; keeping it in
 * the database (not DATA_DIR) means every process on any machine reads it,
 * and subscriptions made against it stay valid across restarts.
 */
export const vapidKeysFor = async (
  sql: Sql,
  configured: VapidKeys | undefined,
  now: Date,
): Promise<VapidKeys> => {
  if (configured) return configured;
  const fresh = generateVapidKeys();
  await sql`INSERT INTO push_vapid_keys (public_key, private_key, created_at)
    VALUES (${fresh.publicKey}, ${fresh.privateKey}, ${now}) ON CONFLICT (id) DO NOTHING`;
  const [kept] = await sql<VapidKeys[]>`
    SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_vapid_keys`;
  return kept!;
};
