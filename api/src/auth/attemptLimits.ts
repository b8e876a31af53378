import { attemptLimit } from '../access/attemptLimit.ts';

/**
 * The attempt limits of the account routes (mechanism: access/attemptLimit.ts).
 *
 * - login: 5 failures for one email from one address block that email from
 *   that address; 20 failures from one address over any emails block the
 *   address (credential stuffing). Higher than the per-email limit because
 *   offices and mobile carriers put many people behind one address. A
 *   successful login clears that email's failures from that address.
 * - change-password: the same numbers per account and per address, so a
 *   stolen token is no better for guessing the password than the login form,
 *   and the owner, on another address, can still change it.
 * - register: 10 registrations an hour from one address, successful or not,
 *   so the "email taken" answer cannot be used to list who has an account.
 * - forgot-password: 5 requests an hour for one email from one address, 20
 *   from one address, whether the account exists or not (the answer must not
 *   tell). The account itself gets at most 3 links an hour whoever asks
 *   (core/src/accounts/passwordReset.ts): past that the answer is the same
 *   and no mail goes out.
 * - reset-password: 20 attempts from one address in 15 minutes. A link's
 *   token cannot be guessed; this only bounds the work one address causes.
 */
export const LOGIN_LIMIT = attemptLimit('login', { minutes: 15, perSubject: 5, perAddress: 20 });
export const CHANGE_PASSWORD_LIMIT = { ...LOGIN_LIMIT, action: 'change-password' };
export const REGISTER_LIMIT = attemptLimit('register', { minutes: 60, perAddress: 10 });
export const FORGOT_PASSWORD_LIMIT = attemptLimit('forgot-password', {
  minutes: 60,
  perSubject: 5,
  perAddress: 20,
});
export const RESET_PASSWORD_LIMIT = attemptLimit('reset-password', { minutes: 15, perAddress: 20 });

export const LIMIT_MESSAGES = {
  forgotPassword: 'Too many password reset requests; please try again later',
  resetPassword: 'Too many password reset attempts; please try again later',
  changePassword: 'Too many wrong current passwords; please try again later',
  register: 'Too many registrations from this address; please try again later',
} as const;
