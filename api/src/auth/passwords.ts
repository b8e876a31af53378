/**
 * argon2id through Bun. Verifying a login for an unknown email runs against a
 * fixed dummy hash, so an unknown email and a wrong password take the same time.
 */
export const hashPassword = (password: string) =>
  Bun.password.hash(password, { algorithm: 'argon2id' });

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first login, so that login is not slower than the rest. */
export const primeDummyHash = () => {
  dummyHash ??= hashPassword('not-anyone’s-password');
  return dummyHash;
};

export const verifyPassword = async (
  password: string,
  hash: string | undefined,
): Promise<boolean> => {
  if (hash === undefined) {
    await Bun.password.verify(password, await primeDummyHash());
    return false;
  }
  return Bun.password.verify(password, hash);
};
