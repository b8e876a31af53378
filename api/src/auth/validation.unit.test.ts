import { Elysia } from 'elysia';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../shared/errorHandler.ts';
import { silentLogger } from '@rentals/core/logger';
import { MESSAGES } from './model.ts';
import { readChangePassword, readLogin, readProfile, readRegister } from './rules.ts';

/**
 * The auth bodies' validation exactly as the API answers it: each body read
 * through its TypeBox schema, mapped by the app's error handler. In-process,
 * no database. Each row is one bad input and the one error it must produce.
 */
const validator = new Elysia()
  .use(errorHandler(silentLogger))
  .post('/register', ({ body }) => readRegister(body))
  .post('/login', ({ body }) => readLogin(body))
  .put('/profile', ({ body }) => readProfile(body))
  .post('/change-password', ({ body }) => readChangePassword(body));

const send = async (path: string, body: unknown) => {
  const response = await validator.handle(
    new Request(`http://localhost${path}`, {
      method: path === '/profile' ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: await response.json() };
};

const validRegistration = {
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  password: 'secret1',
  phone: '9876543210',
  role: 'broker',
};
const without = <T extends object>(object: T, key: keyof T) => {
  const copy = { ...object };
  delete copy[key];
  return copy;
};

type Row = [string, Record<string, unknown>, string, string];

const registerRows: Row[] = [
  ['name of 1 character', { name: 'R' }, 'name', MESSAGES.name],
  ['name of 51 characters', { name: 'R'.repeat(51) }, 'name', MESSAGES.name],
  ['name of spaces around one letter', { name: '   R   ' }, 'name', MESSAGES.name],
  ['missing name', { name: undefined }, 'name', MESSAGES.name],
  ['name that is not a string', { name: 42 }, 'name', MESSAGES.name],
  ['email without @', { email: 'ravi.example.in' }, 'email', MESSAGES.email],
  ['email without a dot in the domain', { email: 'ravi@example' }, 'email', MESSAGES.email],
  ['email with a space', { email: 'ravi kumar@example.in' }, 'email', MESSAGES.email],
  ['missing email', { email: undefined }, 'email', MESSAGES.email],
  ['phone of 9 digits', { phone: '987654321' }, 'phone', MESSAGES.phone],
  ['phone of 11 digits', { phone: '98765432100' }, 'phone', MESSAGES.phone],
  ['phone with letters', { phone: '98765abcde' }, 'phone', MESSAGES.phone],
  ['phone as a number', { phone: 9876543210 }, 'phone', MESSAGES.phone],
  ['missing phone', { phone: undefined }, 'phone', MESSAGES.phone],
  ['password of 5 characters', { password: '12345' }, 'password', MESSAGES.password],
  ['missing password', { password: undefined }, 'password', MESSAGES.password],
  [
    'password of 129 characters',
    { password: 'p'.repeat(129) },
    'password',
    MESSAGES.passwordTooLong,
  ],
  ['admin role', { role: 'admin' }, 'role', MESSAGES.role],
  ['unknown role', { role: 'landlord' }, 'role', MESSAGES.role],
  ['password of six spaces', { password: '      ' }, 'password', MESSAGES.passwordBlank],
  ['NUL in the name', { name: 'Ravi\u0000 Kumar' }, 'name', MESSAGES.nameControl],
  ['escape in the name', { name: 'Ravi \u001b[2J' }, 'name', MESSAGES.nameControl],
  ['NUL in the email', { email: 'ravi\u0000@example.in' }, 'email', MESSAGES.email],
  ['NUL in the password', { password: 'secret\u00001' }, 'password', MESSAGES.passwordControl],
  ['NUL in the phone', { phone: '98765\u000043210' }, 'phone', MESSAGES.phone],
];

describe('register validation', () => {
  it.each(registerRows)('%s → %s', async (_case, change, path, msg) => {
    const body = Object.fromEntries(
      Object.entries({ ...validRegistration, ...change }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    expect(await send('/register', body)).toEqual({
      status: 400,
      body: { message: 'Validation failed', errors: [{ path, msg }] },
    });
  });

  it('accepts the limits themselves: 2 and 50 character names, 6 and 128 character passwords', async () => {
    for (const change of [
      { name: 'Al' },
      { name: 'A'.repeat(50) },
      { name: 'श्रुति अय्यर' },
      { password: '123456' },
      { password: 'p'.repeat(128) },
      { password: '  a b  ' },
      { password: 'पासवर्ड१२३' },
    ]) {
      expect((await send('/register', { ...validRegistration, ...change })).status).toBe(200);
    }
  });

  it('defaults the role to homeowner, and drops unknown fields before the handler sees them', async () => {
    const { body } = await send('/register', {
      ...without(validRegistration, 'role'),
      isAdmin: true,
      _id: 'mine',
    });
    expect(body).toEqual({ ...validRegistration, role: 'homeowner', language: 'en' });
  });

  it('lists every broken field at once, in the spec messages', async () => {
    const { body } = await send('/register', {});
    expect(body).toEqual({
      message: 'Validation failed',
      errors: [
        { path: 'name', msg: MESSAGES.name },
        { path: 'email', msg: MESSAGES.email },
        { path: 'password', msg: MESSAGES.password },
        { path: 'phone', msg: MESSAGES.phone },
      ],
    });
  });

  it('answers a JSON body that is not an object with 400, naming the fields it lacks', async () => {
    const { status, body } = await send('/register', 'ravi');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      message: 'Validation failed',
      errors: expect.arrayContaining([{ path: 'name', msg: MESSAGES.name }]) as unknown,
    });
  });
});

const loginRows: Row[] = [
  ['missing email', { email: undefined }, 'email', 'Email is required'],
  ['empty email', { email: '' }, 'email', 'Email is required'],
  ['blank email', { email: '   ' }, 'email', 'Email is required'],
  ['malformed email', { email: 'ravi@' }, 'email', 'Please enter a valid email address'],
  ['missing password', { password: undefined }, 'password', 'Password is required'],
  ['empty password', { password: '' }, 'password', 'Password is required'],
  ['NUL in the email', { email: 'ravi\u0000@example.in' }, 'email', MESSAGES.loginEmail],
  ['NUL in the password', { password: 'what\u0000ever' }, 'password', MESSAGES.passwordControl],
  [
    'password of 129 characters',
    { password: 'p'.repeat(129) },
    'password',
    MESSAGES.passwordTooLong,
  ],
];

describe('login validation', () => {
  it.each(loginRows)('%s → %s', async (_case, change, path, msg) => {
    const body = Object.fromEntries(
      Object.entries({ email: 'ravi@example.in', password: 'whatever', ...change }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    expect(await send('/login', body)).toEqual({
      status: 400,
      body: { message: 'Validation failed', errors: [{ path, msg }] },
    });
  });
});

const changePasswordRows: Row[] = [
  [
    'missing current password',
    { currentPassword: undefined },
    'currentPassword',
    MESSAGES.currentPasswordRequired,
  ],
  [
    'empty current password',
    { currentPassword: '' },
    'currentPassword',
    MESSAGES.currentPasswordRequired,
  ],
  ['new password of 5 characters', { newPassword: '12345' }, 'newPassword', MESSAGES.password],
  [
    'new password of 129 characters',
    { newPassword: 'p'.repeat(129) },
    'newPassword',
    MESSAGES.passwordTooLong,
  ],
  ['new password of six spaces', { newPassword: '      ' }, 'newPassword', MESSAGES.passwordBlank],
  [
    'new password equal to the current one',
    { currentPassword: 'same-secret', newPassword: 'same-secret' },
    'newPassword',
    MESSAGES.passwordUnchanged,
  ],
  [
    'NUL in the new password',
    { newPassword: 'new\u0000secret' },
    'newPassword',
    MESSAGES.passwordControl,
  ],
  [
    'NUL in the current password',
    { currentPassword: 'old\u0000secret' },
    'currentPassword',
    MESSAGES.passwordControl,
  ],
];

describe('change-password validation', () => {
  it.each(changePasswordRows)('%s → %s', async (_case, change, path, msg) => {
    const body = Object.fromEntries(
      Object.entries({
        currentPassword: 'old-secret',
        newPassword: 'new-secret',
        ...change,
      }).filter(([, v]) => v !== undefined),
    );
    expect(await send('/change-password', body)).toEqual({
      status: 400,
      body: { message: 'Validation failed', errors: [{ path, msg }] },
    });
  });
});

const profileRows: Row[] = [
  ['name of 1 character', { name: 'R' }, 'name', MESSAGES.name],
  ['blank name', { name: '      ' }, 'name', MESSAGES.name],
  ['phone of 9 digits', { phone: '987654321' }, 'phone', MESSAGES.phone],
  ['NUL in the name', { name: 'Ravi\u0000' }, 'name', MESSAGES.nameControl],
  ['a tab in the name', { name: 'Ravi\tKumar' }, 'name', MESSAGES.nameControl],
];

describe('profile validation', () => {
  it.each(profileRows)('%s → %s', async (_case, change, path, msg) => {
    expect(await send('/profile', change)).toEqual({
      status: 400,
      body: { message: 'Validation failed', errors: [{ path, msg }] },
    });
  });

  it('takes name and phone only; email and role are dropped', async () => {
    const { body } = await send('/profile', {
      name: 'Ravi K',
      phone: '9123456780',
      email: 'x@y.in',
      role: 'admin',
    });
    expect(body).toEqual({ name: 'Ravi K', phone: '9123456780' });
  });
});
