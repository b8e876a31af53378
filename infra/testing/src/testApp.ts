import postgres from 'postgres';
import type { Sql } from '@rentals/core/db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { testDatabase, type TestDatabase } from './testDatabase.ts';
import type { Role } from '@rentals/api/access/roles';
import { buildApp, type App } from '@rentals/api/app';
import { createAccounts } from '@rentals/api/auth/accounts';
import { verifyEmailAtSetup } from '@rentals/api/auth/emailVerification';
import type { UserDocument } from '@rentals/api/auth/model';
import { findUserById } from '@rentals/api/auth/users';
import type { AppDeps } from '@rentals/api/deps';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { silentLogger } from '@rentals/core/logger';
import { createSmtpMailer } from '@rentals/core/mail/smtpMailer';
import { testClock, type TestClock } from './testClock.ts';
import { runReadModels } from './conversations.ts';

/** Sets the client address the app sees for a request (tests only; see `clientIp` below). */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

/** The From of every email a test app sends. */
export const TEST_MAIL_FROM = 'Rentals <no-reply@rentals.test>';

export type TestRequestOptions = {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as a JSON body with `content-type: application/json`. */
  json?: unknown;
  /** Sent as a multipart body (the runtime sets the boundary). */
  form?: FormData;
  /** A raw body, for malformed-input tests; set the content type in `headers`. */
  body?: string;
  headers?: Record<string, string>;
};

export type TestResponse<T> = { status: number; headers: Headers; body: T };

export type TestUser = { user: UserDocument; token: string; email: string; password: string };

export type TestApp = {
  app: App;
  deps: AppDeps;
  db: TestDatabase;
  clock: TestClock;
  /** Calls the API in-process through `app.handle`. `body` is the parsed JSON (or the text when it is not JSON). */
  request: <T = unknown>(
    method: string,
    path: string,
    options?: TestRequestOptions,
  ) => Promise<TestResponse<T>>;
  /**
   * Creates a user with `role` directly in the database (admin too), its email
   * verified as the product records it (`verifyEmailAtSetup`) unless
   * `unverified`, and returns a live token for it.
   */
  registerUser: (
    role?: Role,
    overrides?: Partial<{
      name: string;
      email: string;
      phone: string;
      password: string;
      unverified: boolean;
    }>,
  ) => Promise<TestUser>;
  /** A fresh token for an existing user, e.g. to call a route that ends the token (logout). */
  newToken: (userId: string) => Promise<string>;
  close: () => Promise<void>;
};

let sequence = 0;

/**
 * The whole API against this test file's own migrated database and the run's
 * Meilisearch. Use one per file; `testAppWithUsers` below makes it, and the
 * file's users, in the file's hooks:
 *
 * ```ts
 * const s = testAppWithUsers({ owner: 'homeowner' });
 * const res = await s.t.request<{ property: Property }>('POST', '/api/properties', { token: s.owner.token, form });
 * ```
 *
 * Email goes to the run's mail catcher (read it with mailbox.ts); links in it
 * point to http://rentals.test.
 *
 * The client address is read from the `x-test-client-ip` header (127.0.0.1
 * without it), standing in for the socket address the web entry passes.
 */
type TestAppOptions = { deps?: Partial<AppDeps>; db?: TestDatabase };

export const testApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  // `db`: a database of the test's own cluster (a fault drill stops and restarts it).
  const db = options.db ?? (await testDatabase());
  const clock = testClock();
  const deps: AppDeps = {
    sql: db.sql,
    eventStore: createEventStore(db.sql),
    meili: { url: inject('meiliUrl'), key: inject('meiliKey') },
    jwtSecret: `test-secret-${randomUUID()}`,
    clock,
    newId: () => randomUUID(),
    log: silentLogger,
    clientIp: (request) => request.headers.get(TEST_CLIENT_IP_HEADER) ?? '127.0.0.1',
    mailer: createSmtpMailer({ smtpUrl: inject('smtpUrl'), from: TEST_MAIL_FROM }),
    siteUrl: 'http://rentals.test',
    ...options.deps,
  };
  const app = buildApp(deps);
  const accounts = createAccounts(deps);

  const request = async <T>(
    method: string,
    path: string,
    opts: TestRequestOptions = {},
  ): Promise<TestResponse<T>> => {
    const headers = new Headers(opts.headers);
    if (opts.token !== undefined) headers.set('authorization', `Bearer ${opts.token}`);
    // Encoded to bytes with a Content-Length, as a real HTTP client sends them
    // (the body limit reads that header before the body is parsed).
    let body: Uint8Array | undefined;
    if (opts.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = new TextEncoder().encode(JSON.stringify(opts.json));
    } else if (opts.form !== undefined) {
      const encoded = new Response(opts.form);
      headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
      body = new Uint8Array(await encoded.arrayBuffer());
    } else if (opts.body !== undefined) {
      body = new TextEncoder().encode(opts.body);
    }
    if (body !== undefined && !headers.has('content-length'))
      headers.set('content-length', String(body.byteLength));
    const response = await app.handle(
      new Request(`http://localhost${path}`, { method, headers, body }),
    );
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  };

  const registerUser: TestApp['registerUser'] = async (role = 'homeowner', overrides = {}) => {
    sequence += 1;
    const email = overrides.email ?? `${role}-${sequence}-${randomUUID().slice(0, 8)}@example.test`;
    const password = overrides.password ?? 'correct horse battery';
    const record = await accounts.create({
      name: overrides.name ?? `Test ${role} ${sequence}`,
      email,
      phone: overrides.phone ?? '9876543210',
      password,
      role,
    });
    if (!overrides.unverified) await verifyEmailAtSetup(db.sql, record, clock());
    const { user, token } = await accounts.signIn(
      (await findUserById(db.sql, record.id)) ?? record,
    );
    return { user, token, email: user.email, password };
  };

  const newToken = async (userId: string) => {
    const record = await findUserById(db.sql, userId);
    if (!record) throw new Error(`testApp.newToken: no user ${userId}`);
    return (await accounts.signIn(record)).token;
  };

  return { app, deps, db, clock, request, registerUser, newToken, close: () => db.drop() };
};

/** A user a suite names: its role, and the name it shows where the test reads it. */
export type UserSpec = Role | { role: Role; name: string };

/** Registers each named user, one after another; the users by the same names. */
export const registerUsers = async <U extends Record<string, UserSpec>>(
  t: Pick<TestApp, 'registerUser'>,
  users: U,
) => {
  const registered = {} as { [K in keyof U]: TestUser };
  for (const [key, spec] of Object.entries(users) as [keyof U, UserSpec][]) {
    const { role, name } = typeof spec === 'string' ? { role: spec, name: undefined } : spec;
    registered[key] = await t.registerUser(role, name === undefined ? {} : { name });
  }
  return registered;
};

/**
 * A test file's app and its named users, made before its tests and closed
 * after them. Call it before the file's own hooks, which may then use it:
 * `const s = testAppWithUsers({ alice: 'tenant', admin: 'admin' })`, then
 * `s.t.request(…, { token: s.alice.token })` in hooks and tests. With
 * `readModels: true`, `s.readModels` runs the Postgres read models on it.
 */
export const testAppWithUsers = <U extends Record<string, UserSpec>, R extends boolean = false>(
  users: U,
  { readModels, ...options }: TestAppOptions & { readModels?: R } = {},
) => {
  type ReadModels = ReturnType<typeof runReadModels>;
  const suite = {} as { t: TestApp } & { [K in keyof U]: TestUser } & (R extends true
      ? { readModels: ReadModels }
      : unknown);
  let running: ReadModels | undefined;
  beforeAll(async () => {
    const t = await testApp(options);
    running = readModels ? runReadModels(t.db.sql) : undefined;
    Object.assign(suite, { t, readModels: running });
    Object.assign(suite, await registerUsers(t, users));
  });
  afterAll(async () => {
    await running?.stop();
    await suite.t?.close();
  });
  return suite;
};

/**
 * A second app on its own connections to `t`'s database, cloned from `like`'s
 * options, that records every statement it sends: for tests that show a
 * cache spares Postgres. The caller ends `sql`.
 */
export const countingApp = (t: TestApp, like: Sql) => {
  const statements: string[] = [];
  const sql = postgres({
    ...like.options,
    debug: (_connection: number, query: string) => statements.push(query),
  } as unknown as postgres.Options<Record<string, postgres.PostgresType>>);
  const app = buildApp({ ...t.deps, sql, eventStore: createEventStore(sql) });
  return { statements, sql, app };
};
