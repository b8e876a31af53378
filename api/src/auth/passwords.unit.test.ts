import { describe, expect, it } from 'vitest';
import { PoolBusyError } from '../media/fairPool.ts';
import { MESSAGES } from './model.ts';
import { hashPassword, passwordPool, verifyPassword } from './passwords.ts';

/** Occupies `n` of the pool's places for `caller` until released. */
const hold = (caller: string, n: number) => {
  const gate = Promise.withResolvers<void>();
  const held = passwordPool.run(
    caller,
    Array.from({ length: n }, () => ({ cost: 1, run: () => gate.promise })),
  );
  return { open: () => gate.resolve(), held };
};

const release = async (holds: ReturnType<typeof hold>[]) => {
  for (const h of holds) h.open();
  await Promise.all(holds.map((h) => h.held));
};

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('password hashing', () => {
  it('hashes with argon2id at 19 MiB and 2 passes, and still verifies a 64 MiB hash of before', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);

    const before = await Bun.password.hash('correct horse', { algorithm: 'argon2id' });
    expect(before.startsWith('$argon2id$v=19$m=65536,t=2,p=1$')).toBe(true);
    expect(await verifyPassword('correct horse', before)).toBe(true);
  });

  it('lets a sign-in wait its turn while the queue has room, and refuses it at once (503, Retry-After) only when full', async () => {
    const hash = await hashPassword('correct horse');
    // Both slots busy and one address's 8 places taken: that address is refused at once…
    const busy = [hold('192.0.2.1', 1), hold('192.0.2.2', 1), hold('203.0.113.7', 8)];
    await settle();
    const refused = await verifyPassword('correct horse', hash, '203.0.113.7').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PoolBusyError);
    expect(refused).toMatchObject({ status: 503, message: MESSAGES.signInBusy });
    expect((refused as PoolBusyError).retryAfterSeconds).toBeGreaterThan(0);

    // …while another address still queues, and signs in once the slots free up.
    let answered: boolean | undefined;
    const waiting = verifyPassword('correct horse', hash, '198.51.100.2').then((ok) => {
      answered = ok;
    });
    await settle();
    expect(answered).toBeUndefined();
    expect(passwordPool.stats().queuedCost).toBe(8 + 1);
    await release(busy);
    await waiting;
    expect(answered).toBe(true);
    expect(passwordPool.stats()).toEqual({ running: 0, queuedCost: 0 });
  });

  it('refuses when 32 wait from all addresses together', async () => {
    const hash = await hashPassword('correct horse');
    const busy = [
      hold('192.0.2.1', 1),
      hold('192.0.2.2', 1),
      ...Array.from({ length: 4 }, (_, i) => hold(`198.51.100.${i}`, 8)),
    ];
    await settle();
    expect(passwordPool.stats()).toEqual({ running: 2, queuedCost: 32 });
    await expect(verifyPassword('correct horse', hash, '192.0.2.99')).rejects.toBeInstanceOf(
      PoolBusyError,
    );
    await release(busy);
  });

  it("never refuses the process's own hashing (no caller: the seed, a CLI, fixtures): it waits its turn and takes no place in the queue", async () => {
    const busy = [
      hold('192.0.2.1', 1),
      hold('192.0.2.2', 1),
      ...Array.from({ length: 4 }, (_, i) => hold(`198.51.100.${i}`, 8)),
    ];
    await settle();
    const own = Array.from({ length: 12 }, () => hashPassword('correct horse'));
    await settle();
    expect(passwordPool.stats()).toEqual({ running: 2, queuedCost: 32 });
    await release(busy);
    for (const hash of await Promise.all(own)) expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(passwordPool.stats()).toEqual({ running: 0, queuedCost: 0 });
  });
});
