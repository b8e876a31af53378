// `npm run admin:create -- --email a@b.in --name "Asha Rao" --phone 9876543210 [--password …]`
// Creates an admin account: the only way one exists (the API never accepts the role).
// The password comes from --password, else ADMIN_PASSWORD, else a hidden prompt on a terminal.
// Missing values are prompted for on a terminal; without one (CI, scripts) they are an error.
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { createAccounts } from '@rentals/api/auth/accounts';
import { verifyEmailAtSetup } from '@rentals/api/auth/emailVerification';
import { accountErrors } from '@rentals/api/auth/rules';
import { parseCommandArgs } from './args.ts';
import { withCliContext } from './context.ts';

const USAGE =
  'usage: npm run admin:create -- --email <email> --name <name> --phone <10 digits> [--password <password>]\n' +
  '       (or set ADMIN_PASSWORD; on a terminal, missing values are asked for)';

const parsed = parseCommandArgs(
  {
    email: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
  },
  USAGE,
);

const interactive = process.stdin.isTTY && process.stdout.isTTY;

const ask = async (question: string) => {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
};

/** Reads a line without echoing it (raw mode), for the password. */
const askHidden = (question: string) =>
  new Promise<string>((resolve, reject) => {
    process.stdout.write(question);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    stdin.on('data', onData);
  });

const missing: string[] = [];
const value = async (given: string | undefined, flag: string, question: string) => {
  if (given !== undefined) return given;
  if (interactive) return ask(question);
  missing.push(`--${flag}`);
  return '';
};

const email = await value(parsed.email, 'email', 'Email: ');
const name = await value(parsed.name, 'name', 'Full name: ');
const phone = await value(parsed.phone, 'phone', 'Phone (10 digits): ');
let password = parsed.password ?? process.env.ADMIN_PASSWORD;
if (password === undefined || password === '') {
  if (interactive) password = await askHidden('Password (6–128 characters): ');
  else missing.push('--password (or ADMIN_PASSWORD)');
}
if (missing.length > 0) {
  console.error(`error: missing ${missing.join(', ')}\n${USAGE}`);
  process.exit(2);
}
const account = { email, name, phone, password: password ?? '' };
const errors = accountErrors(account);
if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e.path}: ${e.msg}`);
  process.exit(2);
}

await withCliContext(async ({ sql, config }) => {
  const accounts = createAccounts({
    sql,
    jwtSecret: config.jwtSecret,
    clock: () => new Date(),
    newId: () => randomUUID(),
  });
  const admin = await accounts.create({ ...account, role: 'admin' });
  // The operator gives the address and vouches for it: an admin is verified from the start.
  await verifyEmailAtSetup(sql, admin, new Date());
  console.log(`created admin ${admin.email} (id ${admin.id})`);
});
