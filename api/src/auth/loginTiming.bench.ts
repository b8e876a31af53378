// Measures that a wrong password and an unknown email take the same time to refuse, through the
// whole login path (limit check, lookup, argon2id verify, failure record) on a real database:
//   DATABASE_URL=postgres://… bun api/src/auth/loginTiming.bench.ts [pairs=40]
// Each attempt comes from its own made-up address, so the rate limit never interferes.
import { randomUUID } from 'node:crypto';
import { createSql } from '@rentals/core/db';
import { createAccounts } from './accounts.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('set DATABASE_URL to a migrated database');
  process.exit(2);
}
const pairs = Number(process.argv[2] ?? 40);
const sql = createSql(url, { max: 2 });
const accounts = createAccounts({
  sql,
  jwtSecret: randomUUID(),
  clock: () => new Date(),
  newId: () => randomUUID(),
});

const email = `timing-${randomUUID()}@example.in`;
await accounts.create({
  name: 'Timing',
  email,
  phone: '9876543210',
  password: 'right-password',
  role: 'tenant',
});

const time = async (attempt: () => Promise<unknown>) => {
  const started = performance.now();
  await attempt().catch(() => undefined);
  return performance.now() - started;
};
const address = () => `bench-${randomUUID()}`;
const wrong: number[] = [];
const unknown: number[] = [];
await time(() => accounts.login(email, 'warm-up', address()));
for (let i = 0; i < pairs; i++) {
  // Interleaved, so drift in machine load hits both alike.
  wrong.push(await time(() => accounts.login(email, `wrong-${i}`, address())));
  unknown.push(
    await time(() => accounts.login(`nobody-${randomUUID()}@example.in`, 'x', address())),
  );
}
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;
const line = (label: string, xs: number[]) =>
  `${label.padEnd(15)} median ${quantile(xs, 0.5).toFixed(1)} ms  p10 ${quantile(xs, 0.1).toFixed(1)}  p90 ${quantile(xs, 0.9).toFixed(1)}`;
console.log(`${pairs} interleaved pairs`);
console.log(line('wrong password', wrong));
console.log(line('unknown email', unknown));
console.log(
  `median ratio unknown/wrong: ${(quantile(unknown, 0.5) / quantile(wrong, 0.5)).toFixed(3)}`,
);
await sql`DELETE FROM users WHERE email = ${email}`;
await sql`DELETE FROM limited_attempts WHERE address LIKE 'bench-%'`;
await sql.end();
