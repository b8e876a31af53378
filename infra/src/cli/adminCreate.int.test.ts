import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliSuite } from '@rentals/testing/cli';

/** `npm run admin:create` as an operator runs it, against this file's database. */
const SCRIPT = fileURLToPath(new URL('./adminCreate.ts', import.meta.url));

const cli = cliSuite(SCRIPT);
const run = cli.run;
/** The command line an operator types for these values. */
const flags = (email: string, name: string, phone: string, password: string) =>
  Object.entries({ email, name, phone, password }).flatMap(([flag, v]) => [`--${flag}`, v]);

const admins = () => cli.db().sql<{ email: string; name: string; phone: string }[]>`
  SELECT email, name, phone FROM users WHERE role = 'admin' ORDER BY email`;

describe('npm run admin:create', () => {
  it('creates an admin from flags, with the email lower-cased and the password hashed', async () => {
    const result = await run(flags('Ops@Example.in', 'Ops Team', '9876543210', 'admin-pass'));
    expect(result.out).toContain('created admin ops@example.in');
    expect(result.code).toBe(0);
    expect(await admins()).toEqual([
      { email: 'ops@example.in', name: 'Ops Team', phone: '9876543210' },
    ]);
    const [row] = await cli.db().sql<
      { hash: string }[]
    >`SELECT password_hash AS hash FROM users WHERE email = 'ops@example.in'`;
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });

  it('takes the password from ADMIN_PASSWORD', async () => {
    const result = await run(
      ['--email', 'second@example.in', '--name', 'Second', '--phone', '9876543211'],
      {
        ADMIN_PASSWORD: 'from-the-env',
      },
    );
    expect(result.code).toBe(0);
    expect((await admins()).map((a) => a.email)).toContain('second@example.in');
  });

  it('refuses a taken email', async () => {
    const result = await run(flags('OPS@example.in', 'Again', '9876543210', 'admin-pass'));
    expect(result.code).toBe(1);
    expect(result.out).toContain('An account with this email already exists');
  });

  it('names the missing values when it cannot ask for them, and creates nothing', async () => {
    const result = await run(['--email', 'third@example.in']);
    expect(result.code).toBe(2);
    expect(result.out).toContain('missing --name, --phone, --password (or ADMIN_PASSWORD)');
  });

  it('checks the values with the registration messages', async () => {
    const result = await run(flags('bad', 'X', '123', '12345'));
    expect(result.code).toBe(2);
    for (const message of [
      'name: Name must be between 2 and 50 characters',
      'email: Please provide a valid email address',
      'phone: Please provide a valid 10-digit phone number',
      'password: Password must be at least 6 characters long',
    ])
      expect(result.out).toContain(message);
    expect((await admins()).map((a) => a.email)).toEqual(['ops@example.in', 'second@example.in']);
  });

  it('refuses a password of only spaces and control characters in any value, as registration does', async () => {
    const blank = await run(
      ['--email', 'blank@example.in', '--name', 'Blank', '--phone', '9876543212'],
      { ADMIN_PASSWORD: '        ' },
    );
    expect(blank.code).toBe(2);
    expect(blank.out).toContain('password: Password cannot be only spaces');
    const control = await run(
      flags('control@example.in', 'Ops\u001b[2J', '9876543213', 'admin\u0007pass'),
    );
    expect(control.code).toBe(2);
    expect(control.out).toContain('name: Name cannot contain control characters');
    expect(control.out).toContain('password: Password cannot contain control characters');
    expect((await admins()).map((a) => a.email)).toEqual(['ops@example.in', 'second@example.in']);
  });
});
