import { createFairPool } from '../media/fairPool.ts';
import { MESSAGES } from './model.ts';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane) rather
 * than Bun's default of 64 MiB: each hash holds its memory for its whole run,
 * so at 64 MiB two sign-ins at once added ~130 MB to the web process's RSS
 * and a hash took 3.5× the CPU (docs/PERFORMANCE.md, "Sign-ins and photos in
 * the web process's memory"). Hashes made with other parameters (the 64 MiB
 * ones) keep verifying: the parameters are part of the hash.
 */
const ARGON2ID = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const;

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2ID.memoryCost},t=${ARGON2ID.timeCost},p=1$`;

/**
 * Whether a stored hash was made with other parameters than today's (Bun's
 * 64 MiB default, before). Such a hash is replaced at the account's next
 * sign-in: it costs more memory and time to verify, and a login that takes
 * longer for a known email than for an unknown one (the dummy hash is made
 * with today's parameters) would tell a guesser the account exists.
 */
export const needsRehash = (hash: string) => !hash.startsWith(CURRENT_PREFIX);

/** Who asks, when no request does (the seed, a CLI, the dummy hash, test fixtures): the process itself. */
const OWN_WORK = 'own-work';

/**
 * Every hash and verify of the process runs in this pool: two at a time (the
 * machine class's two cores), taking turns between client addresses, so one
 * address's burst of sign-ins (or a guesser's) delays another's by at most one
 * hash per slot. Up to 32 may wait (well under a second of hashing on a quiet
 * machine), 8 of them from one address; past that a sign-in is answered 503
 * with Retry-After at once — the queue is really full — instead of waiting
 * until the request deadline cuts it.
 */
export const passwordPool = createFairPool({
  slots: 2,
  maxQueuedCost: 32,
  maxQueuedCostPerKey: 8,
  retryAfterSeconds: 2,
  busyMessage: MESSAGES.signInBusy,
});

/**
 * A request's hash takes a place in the queue and may be refused; the
 * process's own (no caller) waits its turn at no cost, so it is never refused
 * (no request deadline bounds it: a seed or a test creating thirty accounts at
 * once just waits) and takes no place a request could wait in.
 */
const inPool = async <T>(caller: string | undefined, run: () => Promise<T>): Promise<T> => {
  const [result] = await passwordPool.run(caller ?? OWN_WORK, [
    { cost: caller === undefined ? 0 : 1, run },
  ]);
  return result as T;
};

export const hashPassword = (password: string, caller?: string) =>
  inPool(caller, () => Bun.password.hash(password, ARGON2ID));

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first login, so that login is not slower than the rest. */
export const primeDummyHash = () => {
  dummyHash ??= hashPassword('not-anyone’s-password');
  return dummyHash;
};

/**
 * Verifying a login for an unknown email runs against a fixed dummy hash, so
 * an unknown email and a wrong password take the same time.
 */
export const verifyPassword = async (
  password: string,
  hash: string | undefined,
  caller?: string,
): Promise<boolean> => {
  if (hash === undefined) {
    const dummy = await primeDummyHash();
    await inPool(caller, () => Bun.password.verify(password, dummy));
    return false;
  }
  return inPool(caller, () => Bun.password.verify(password, hash));
};
