/**
 * The account events: what the product records about an account's password
 * resets and its suspension (the account itself — name, email, password hash, sessions — is an
 * ordinary table, DESIGN §4). The stream is `account-<accountId>`. Facts in
 * past tense, never edited once released (see listings/events.ts).
 *
 * A reset link's token is never recorded, only its SHA-256: whoever reads the
 * log cannot reset anyone's password.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { EventDefinitions } from '../eventStore/registry.ts';
import { multiLineText } from '../textFormats.ts';

export const ACCOUNT_STREAM_TYPE = 'account';
export const accountStreamId = (accountId: string) => `account-${accountId}`;

const IsoTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$',
});
const AccountId = Type.String({ minLength: 1, maxLength: 64 });
/** A SHA-256 in hex. */
const TokenHash = Type.String({ pattern: '^[0-9a-f]{64}$' });

const PasswordResetRequestedData = Type.Object(
  { accountId: AccountId, at: IsoTime, tokenHash: TokenHash, expiresAt: IsoTime },
  { additionalProperties: false },
);
/** The link with `tokenHash` set a new password; every other link of the account is void from here. */
const PasswordResetData = Type.Object(
  { accountId: AccountId, at: IsoTime, tokenHash: TokenHash },
  { additionalProperties: false },
);

export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: Static<typeof PasswordResetRequestedData>;
};
export type PasswordReset = { type: 'PasswordReset'; data: Static<typeof PasswordResetData> };
/**
 * An admin suspended the account after reviewing reports about `listingId`:
 * it can no longer sign in, its sessions are revoked and its listings leave
 * search. The reason is what the owner is told.
 */
const AccountSuspendedData = Type.Object(
  {
    accountId: AccountId,
    adminId: AccountId,
    listingId: AccountId,
    reason: multiLineText({ minLength: 1, maxLength: 500 }),
    at: IsoTime,
  },
  { additionalProperties: false },
);

export type AccountSuspended = {
  type: 'AccountSuspended';
  data: Static<typeof AccountSuspendedData>;
};
export type AccountEvent = PasswordResetRequested | PasswordReset | AccountSuspended;

export const accountEventDefinitions = {
  PasswordResetRequested: { schema: PasswordResetRequestedData, version: 1 },
  PasswordReset: { schema: PasswordResetData, version: 1 },
  AccountSuspended: { schema: AccountSuspendedData, version: 1 },
} as const satisfies EventDefinitions;
