import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../services/ports.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rentals-dev-'));
  await chmod(dataDir, 0o755);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

type Run = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

const started: Run[] = [];
// A failed test must not leave its runner holding the data directory for the next one.
afterEach(async () => {
  for (const run of started.splice(0))
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGINT');
      await run.exit;
    }
});

const runDev = (
  env: Record<string, string>,
  flags = ['--no-seed', '--no-site-build'],
  dir = dataDir,
): Run => {
  let output = '';
  const child = spawn(process.execPath, ['infra/src/dev/main.ts', ...flags], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const run: Run = {
    child,
    output: () => output,
    exit: new Promise((r) => child.on('exit', (code) => r(code))),
  };
  started.push(run);
  return run;
};

const waitFor = async (run: Run, text: string, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!run.output().includes(text)) {
    if (Date.now() > deadline)
      throw new Error(`"${text}" did not appear; output:\n${run.output()}`);
    if (run.child.exitCode !== null)
      throw new Error(`runner exited early; output:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The product's health answers 200 again (after a restart, the web process reconnects on its own). */
const waitUntilAnswering = async (url: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(url).catch((e: Error) => e.message);
    if (typeof res !== 'string' && res.ok) return;
    last = typeof res === 'string' ? res : `${res.status} ${await res.text()}`;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer 200 in ${timeoutMs} ms: ${last}`);
};

/** Processes whose command line mentions the data directory: postgres (-D) and meilisearch (--db-path). */
const processesUsing = (dir: string) =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    });

/** Unique ports for every service of one runner. */
const uniquePorts = async () => ({
  PORT: String(await freePort()),
  PG_PORT: String(await freePort()),
  MEILI_PORT: String(await freePort()),
  MAIL_SMTP_PORT: String(await freePort()),
  MAIL_WEB_PORT: String(await freePort()),
});

/** A process that still runs (not gone, not a zombie waiting to be collected). */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** Nothing of a runner is left: no process on its data directory, no recorded child alive, every port free. */
const expectNothingLeft = async (dir: string, env: Record<string, string>) => {
  expect(processesUsing(dir)).toEqual([]);
  const pidsFile = join(dir, 'dev.pids.json');
  const pids = existsSync(pidsFile)
    ? (JSON.parse(readFileSync(pidsFile, 'utf8')) as Record<string, number>)
    : {};
  expect(Object.keys(pids).length).toBeGreaterThan(0);
  expect(Object.entries(pids).filter(([, pid]) => running(pid))).toEqual([]);
  for (const [variable, port] of Object.entries(env))
    expect(`${variable} ${port} free: ${await isPortFree(Number(port))}`).toBe(
      `${variable} ${port} free: true`,
    );
};

describe('npm run dev', () => {
  // The README's Quick start on a fresh DATA_DIR: map data built, demo data seeded, the read side caught up.
  // (The site build is left out: the end-to-end tests serve site/dist meanwhile.)
  it('serves a healthy product on one origin, refuses a second instance, and leaves no process after Ctrl-C', async () => {
    const env = await uniquePorts();
    const port = Number(env.PORT);
    const mailWebPort = Number(env.MAIL_WEB_PORT);
    const run = runDev(env, ['--no-site-build']);
    await waitFor(run, `ready http://localhost:${port}`, 300_000);
    expect(run.output()).toContain('first start: seeding demo data');
    const listings = (await fetch(`http://localhost:${port}/api/properties/public?limit=1`).then(
      (r) => r.json(),
    )) as { pagination?: { totalItems: number } };
    expect(listings.pagination?.totalItems).toBeGreaterThan(0);

    const health = await fetch(`http://localhost:${port}/api/health`);
    const body: unknown = await health.json();
    expect(health.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      status: 'ok',
      postgres: { ok: true },
      meilisearch: { ok: true },
      mail: { status: 'ok' },
    });
    expect(run.output()).toContain(`read it at http://localhost:${mailWebPort}`);
    expect((await fetch(`http://localhost:${mailWebPort}/api/email`)).status).toBe(200);
    expect((await fetch(`http://localhost:${port}/api/openapi.json`)).status).toBe(200);
    expect((await fetch(`http://localhost:${port}/`)).headers.get('content-type')).toContain(
      'text/html',
    );
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    // One line per service in the terminal; the transcripts go to DATA_DIR/logs.
    const initdb = 'The files belonging to this database system';
    expect(run.output()).not.toContain(initdb);
    expect(readFileSync(join(dataDir, 'logs', 'postgres.log'), 'utf8')).toContain(initdb);
    for (const service of ['postgres', 'meilisearch', 'mail', 'web', 'projections'])
      expect(run.output()).toMatch(new RegExp(`^${service} *\\| (ready|listening|running)`, 'm'));
    expect(processesUsing(dataDir).length).toBeGreaterThan(0);
    // The map's glyphs were built on this fresh DATA_DIR from the fonts npm installed, not from a system font directory.
    const geoBuilt = /geo data built (\{.*\})/.exec(
      readFileSync(join(dataDir, 'logs', 'geo.log'), 'utf8'),
    )?.[1];
    const geo = JSON.parse(geoBuilt ?? '{}') as { version?: string; glyphFonts?: string[] };
    expect(geo.glyphFonts?.length).toBeGreaterThan(0);
    for (const font of geo.glyphFonts ?? [])
      expect(font).toMatch(/\/node_modules\/@embedpdf\/fonts-latin\/fonts\/NotoSans-\w+\.ttf$/);
    const glyphs = join(dataDir, 'geo', geo.version ?? '?', 'fonts');
    for (const stack of readdirSync(glyphs))
      expect(statSync(join(glyphs, stack, '0-255.pbf')).size).toBeGreaterThan(0);
    expect(readdirSync(glyphs).length).toBe(geo.glyphFonts?.length);
    // Bun's allocator keeps what it frees in the projections process, and only there (bulkAllocator.ts).
    const pids = JSON.parse(readFileSync(join(dataDir, 'dev.pids.json'), 'utf8')) as Record<
      string,
      number
    >;
    const allocatorSettings = (name: string) =>
      readFileSync(`/proc/${pids[name]!}/environ`, 'utf8')
        .split('\0')
        .filter((v) => v.startsWith('MIMALLOC_'));
    expect(allocatorSettings('projections')).toEqual(['MIMALLOC_PURGE_DELAY=-1']);
    expect(allocatorSettings('meilisearch')).toEqual([]);

    const second = runDev({ ...env, PORT: String(await freePort()) });
    expect(await second.exit).toBe(2);
    expect(second.output()).toContain('is already running with this data directory');

    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
    await expectNothingLeft(dataDir, env);
    const ws = await fetch(`http://localhost:${port}/api/health`).catch(() => 'refused');
    expect(ws).toBe('refused');
  }, 420_000);

  // A runner killed with SIGKILL leaves its services running; the next start stopped them and then
  // found Postgres's port still taken ("port … is already in use") because it had not exited yet.
  it('starts after a runner killed with SIGKILL: stops its leftovers, waits for them, reaches ready', async () => {
    const env = await uniquePorts();
    const killed = runDev(env);
    await waitFor(killed, `ready http://localhost:${env.PORT}`);
    killed.child.kill('SIGKILL');
    await killed.exit;
    expect(processesUsing(dataDir).length).toBeGreaterThan(0);

    const next = runDev(env);
    await waitFor(next, `ready http://localhost:${env.PORT}`);
    for (const name of ['postgres', 'meilisearch', 'mail', 'web', 'projections'])
      expect(next.output()).toMatch(new RegExp(`stopping leftover ${name} \\(pid \\d+\\)`));
    expect(next.output()).not.toContain('already in use');
    expect((await fetch(`http://localhost:${env.PORT}/api/health`)).status).toBe(200);
    next.child.kill('SIGINT');
    expect(await next.exit).toBe(0);
    await expectNothingLeft(dataDir, env);
  }, 240_000);

  it('restarts a child that was killed with SIGKILL, says so, and the product answers again', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      PG_PORT: String(await freePort()),
      MEILI_PORT: String(await freePort()),
      MAIL_SMTP_PORT: String(await freePort()),
      MAIL_WEB_PORT: String(await freePort()),
    };
    const run = runDev(env);
    try {
      await waitFor(run, `ready http://localhost:${port}`);
      for (const name of ['web', 'projections', 'mail', 'meilisearch', 'postgres']) {
        const pids = JSON.parse(readFileSync(join(dataDir, 'dev.pids.json'), 'utf8')) as Record<
          string,
          number
        >;
        process.kill(pids[name]!, 'SIGKILL');
        await waitFor(run, `${name} restarted`);
        expect(run.output()).toMatch(new RegExp(`${name} exited \\(SIGKILL\\); restarting in`));
        await waitUntilAnswering(`http://localhost:${port}/api/health`);
      }
      const search = await fetch(`http://localhost:${port}/api/properties/public?limit=1`);
      expect(search.status).toBe(200);
      // The consistency check finds the running stack's servers through DATA_DIR and the ports.
      const verify = spawnSync(process.execPath, ['infra/src/cli/verify.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, ...env },
        encoding: 'utf8',
      });
      expect(verify.stdout).toContain('consistent');
      expect(verify.status).toBe(0);
    } finally {
      run.child.kill('SIGINT');
      expect(await run.exit).toBe(0);
    }
    expect(processesUsing(dataDir)).toEqual([]);
  }, 240_000);

  // A failed geo build used to end the runner before its shutdown had stopped Postgres, Meilisearch and the mail catcher.
  it('a start that fails after its services started stops them all before it exits, with a one-line reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rentals-dev-failing-'));
    try {
      // The map data's directory is a file: the geo build fails once Postgres, Meilisearch and mail run.
      await writeFile(join(dir, 'geo'), 'not a directory');
      const env = await uniquePorts();
      const run = runDev(env, ['--no-seed', '--no-site-build'], dir);
      expect(await run.exit).toBe(1);
      for (const service of ['postgres', 'meilisearch', 'mail'])
        expect(run.output()).toMatch(new RegExp(`^${service} *\\| ready`, 'm'));
      const errors = run.output().match(/^dev *\| error: .*$/gm) ?? [];
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/ENOTDIR|EEXIST|not a directory/);
      expect(run.output()).toMatch(/^dev *\| stopped$/m);
      await expectNothingLeft(dir, env);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('names the variable to change when the port is taken', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    try {
      const run = runDev({
        PORT: String(port),
        PG_PORT: String(await freePort()),
        MEILI_PORT: String(await freePort()),
      });
      expect(await run.exit).toBe(2);
      expect(run.output()).toContain(
        `port ${port} (web) is already in use; set PORT to a free port`,
      );
    } finally {
      blocker.close();
    }
  });

  it('stops on an invalid environment value, naming the variable and the expected form', async () => {
    const run = runDev({ PORT: 'eighty', JWT_TTL: 'forever' });
    expect(await run.exit).toBe(2);
    expect(run.output()).toContain('PORT must be a port number between 1 and 65535 (got "eighty")');
  });
});

describe('flags', () => {
  // `--help` used to start the whole stack (and leave a mail catcher on the default ports).
  it('--help prints the usage and starts nothing; an unknown flag is refused', () => {
    const run = (flag: string) =>
      spawnSync(process.execPath, ['infra/src/dev/main.ts', flag], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: join(dataDir, 'flags'), NO_COLOR: '1' },
        encoding: 'utf8',
        timeout: 30_000,
      });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--no-seed');
    const bogus = run('--bogus');
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toContain('unknown flag --bogus');
    expect(readdirSync(dataDir)).not.toContain('flags');
  });
});
