/**
 * The account events: what the product records about an account's password
 * resets, its email address's verification and its suspension (the account itself — name, email, password hash, sessions — is an
 * ordinary table, DESIGN §4). The stream is `account-<accountId>`. Facts in
 * past tense, never edited once released (see listings/events.ts).
 *
 * A reset link's token is never recorded, only its SHA-256: whoever reads the
 * log cannot reset anyone's password.
 */
import { Type } from '@sinclair/typebox';
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { multiLineText } from '../textFormats.ts';

export const ACCOUNT_STREAM_TYPE = 'account';
export const accountStreamId = (accountId: string) => `account-${accountId}`;

const AccountId = Type.String({ minLength: 1, maxLength: 64 });
/** A SHA-256 in hex. */
const TokenHash = Type.String({ pattern: '^[0-9a-f]{64}$' });

const PasswordResetRequestedData = eventData({
  accountId: AccountId,
  at: IsoTime,
  tokenHash: TokenHash,
  expiresAt: IsoTime,
});
/** The link with `tokenHash` set a new password; every other link of the account is void from here. */
const PasswordResetData = eventData({ accountId: AccountId, at: IsoTime, tokenHash: TokenHash });
/**
 * An admin suspended the account after reviewing reports about `listingId`:
 * it can no longer sign in, its sessions are revoked and its listings leave
 * search. The reason is what the owner is told.
 */
const AccountSuspendedData = eventData({
  accountId: AccountId,
  adminId: AccountId,
  listingId: AccountId,
  reason: multiLineText({ minLength: 1, maxLength: 500 }),
  at: IsoTime,
});

const Email = Type.String({ minLength: 3, maxLength: 254 });
/**
 * A verification link was mailed to `email` (the address the account had
 * then: a link proves that address only). Only the token's SHA-256 is kept.
 */
const EmailVerificationRequestedData = eventData({
  accountId: AccountId,
  email: Email,
  tokenHash: TokenHash,
  expiresAt: IsoTime,
  at: IsoTime,
});
/**
 * The account's `email` is proven: by the link mailed to it (`via: 'link'`),
 * or when the account was made by an operator (`'setup'`: `npm run
 * admin:create`, the seed), who vouches for the address.
 */
const AccountEmailVerifiedData = eventData({
  accountId: AccountId,
  email: Email,
  via: Type.Union([Type.Literal('link'), Type.Literal('setup')]),
  at: IsoTime,
});
/** An admin looked at the account's broker signals and asked it to confirm its role (issue 41). */
const ListerRoleConfirmationAskedData = eventData({
  accountId: AccountId,
  adminId: AccountId,
  at: IsoTime,
});
/** An admin looked at the account's broker signals and judged it an owner: its signals are quiet from here. */
const ListerMarkedAsOwnerData = eventData({
  accountId: AccountId,
  adminId: AccountId,
  at: IsoTime,
});
/** The homeowner answered 'I am the owner' to 'Are you the owner or a broker?'. */
const ListerConfirmedOwnerData = eventData({ accountId: AccountId, at: IsoTime });
/**
 * The homeowner answered 'I am a broker': the account's role is 'broker' from
 * here (users.role too) and each of its listings records ListingOwnerRoleChanged.
 */
const AccountBecameBrokerData = eventData({ accountId: AccountId, at: IsoTime });

const schemas = {
  PasswordResetRequested: PasswordResetRequestedData,
  EmailVerificationRequested: EmailVerificationRequestedData,
  AccountEmailVerified: AccountEmailVerifiedData,
  PasswordReset: PasswordResetData,
  AccountSuspended: AccountSuspendedData,
  ListerRoleConfirmationAsked: ListerRoleConfirmationAskedData,
  ListerMarkedAsOwner: ListerMarkedAsOwnerData,
  ListerConfirmedOwner: ListerConfirmedOwnerData,
  AccountBecameBroker: AccountBecameBrokerData,
};

export type AccountEvent = EventsOf<typeof schemas>;

export const accountEventDefinitions = defineEvents(schemas).definitions;
