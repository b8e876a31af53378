import type { Sql } from 'postgres';
import { createAccounts } from '@rentals/api/auth/accounts';
import { hashPassword } from '@rentals/api/auth/passwords';
import { verifyEmailAtSetup } from '@rentals/api/auth/emailVerification';
import { findUserByEmail, insertUser } from '@rentals/api/auth/users';
import type { Role } from '@rentals/api/access/roles';
import type { Random } from './random.ts';

/** Every seeded account signs in with this password (printed by the seed). */
export const SEED_PASSWORD = 'rentals-demo-123';

/** The accounts to try the product with, one of each role. */
export const DEMO_ACCOUNTS = [
  { role: 'homeowner', name: 'Asha Rao', email: 'homeowner@demo.rentals.in', phone: '9876500001' },
  { role: 'broker', name: 'Vikram Mehta', email: 'broker@demo.rentals.in', phone: '9876500002' },
  { role: 'tenant', name: 'Priya Nair', email: 'tenant@demo.rentals.in', phone: '9876500003' },
  { role: 'admin', name: 'Rahul Verma', email: 'admin@demo.rentals.in', phone: '9876500004' },
] as const satisfies readonly { role: Role; name: string; email: string; phone: string }[];

const FIRST = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Arjun',
  'Deepa',
  'Divya',
  'Farhan',
  'Gaurav',
  'Harpreet',
  'Isha',
  'Karan',
  'Kavya',
  'Lakshmi',
  'Manoj',
  'Meera',
  'Mohammed',
  'Neha',
  'Nikhil',
  'Pooja',
  'Rajesh',
  'Ritu',
  'Rohan',
  'Sana',
  'Sandeep',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Suresh',
  'Tanvi',
  'Usha',
  'Varun',
  'Vijay',
  'Zoya',
  'Anil',
  'Bhavna',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Reddy',
  'Patel',
  'Gupta',
  'Nair',
  'Singh',
  'Khan',
  'Das',
  'Banerjee',
  'Joshi',
  'Kulkarni',
  'Menon',
  'Chatterjee',
  'Pillai',
  'Agarwal',
  'Mishra',
  'Shetty',
  'Rao',
  'Deshpande',
  'Bose',
  'Kapoor',
  'Verma',
  'Naidu',
];

export type SeedOwner = { id: string; name: string; role: 'homeowner' | 'broker' };
export type SeedUsers = { owners: SeedOwner[]; admin: { id: string; role: 'admin' } };

const findOrCreate = async (
  sql: Sql,
  user: { id: string; name: string; email: string; phone: string; role: Role },
  passwordHash: string,
  now: Date,
) => {
  const created = await insertUser(sql, { ...user, passwordHash, now });
  if (created) {
    await verifyEmailAtSetup(sql, created, now);
    return created;
  }
  const existing = await findUserByEmail(sql, user.email);
  if (!existing) throw new Error(`could not create or find ${user.email}`);
  return existing;
};

/**
 * The demo accounts (through the accounts service, as registration makes
 * them) and `ownerCount` further homeowners and brokers, every one with its
 * email verified (as an operator's set-up: AccountEmailVerified, via 'setup'). Those share one
 * password hash, computed once: argon2id per account would dominate a
 * 200k-listing seed. Re-running finds the accounts that exist.
 */
export const seedUsers = async (
  sql: Sql,
  random: Random,
  ownerCount: number,
  now: Date,
): Promise<SeedUsers> => {
  const accounts = createAccounts({
    sql,
    jwtSecret: 'seed-does-not-sign-tokens-xxxxxxxx',
    clock: () => now,
    newId: random.fork('demo-ids').uuid,
  });
  const demo = new Map<string, { id: string; name: string }>();
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserByEmail(sql, account.email);
    const user = existing ?? (await accounts.create({ ...account, password: SEED_PASSWORD }));
    await verifyEmailAtSetup(sql, user, now);
    demo.set(account.role, { id: user.id, name: user.name });
  }

  const hash = await hashPassword(SEED_PASSWORD);
  const owners: SeedOwner[] = [
    { id: demo.get('homeowner')!.id, name: DEMO_ACCOUNTS[0].name, role: 'homeowner' },
    { id: demo.get('broker')!.id, name: DEMO_ACCOUNTS[1].name, role: 'broker' },
  ];
  const pending = Array.from({ length: ownerCount }, (_, i) => {
    const name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    const role = random.chance(0.3) ? ('broker' as const) : ('homeowner' as const);
    const n = String(i + 1).padStart(6, '0');
    return {
      id: random.uuid(),
      name,
      role,
      email: `${role}-${n}@seed.rentals.in`,
      phone: `9${String(100000000 + i).slice(-9)}`,
    };
  });
  for (let i = 0; i < pending.length; i += 50) {
    const created = await Promise.all(
      pending.slice(i, i + 50).map((u) => findOrCreate(sql, u, hash, now)),
    );
    owners.push(
      ...created.map((u) => ({ id: u.id, name: u.name, role: u.role as SeedOwner['role'] })),
    );
  }
  return { owners, admin: { id: demo.get('admin')!.id, role: 'admin' } };
};
