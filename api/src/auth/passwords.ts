/**
 * argon2id through Bun. Verifying a login for an unknown email runs against a
 * fixed dummy hash, so an unknown email and a wrong password take the same time.
 */
export const hashPassword = (password: string) =>
  Bun.password.hash(password, { algorithm: 'argon2id' });

let dummyHash: Promise<string> | undefined;

export const verifyPassword = async (
  password: string,
  hash: string | undefined,
): Promise<boolean> => {
  if (hash === undefined) {
    dummyHash ??= hashPassword('not-anyone’s-password');
    await Bun.password.verify(password, await dummyHash);
    return false;
  }
  return Bun.password.verify(password, hash);
};
