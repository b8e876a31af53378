import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { createAccounts } from '@rentals/api/auth/accounts';

/**
 * An admin account, made the one way one exists (`npm run admin:create`'s
 * path: the API never grants the role). Sign in through the API with the
 * returned email and password.
 */
export const createAdminAccount = async (sql: Sql) => {
  const email = `admin-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'admin correct horse';
  await createAccounts({
    sql,
    // Only creates the account; no token is issued with this secret.
    jwtSecret: randomUUID() + randomUUID(),
    clock: () => new Date(),
    newId: () => randomUUID(),
  }).create({ name: 'Asha Admin', email, phone: '9876543210', password, role: 'admin' });
  return { email, password };
};
