import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { provision, type Machine, type SystemProgram } from './systemPrograms.ts';

// What `npm test` does first (infra/src/cli/provision.ts): the programs npm cannot ship.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let dir: string;
const lines: string[] = [];
const say = (line: string) => lines.push(line);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'provision-'));
  lines.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A program that is installed when its file exists in the test's directory. */
const program = (name: string, debianPackage: string): SystemProgram => ({
  name,
  debianPackage,
  neededBy: `the ${name} tests`,
  locate: () => (existsSync(join(dir, debianPackage)) ? join(dir, debianPackage) : undefined),
});

/** apt-get as the provisioning sees it: each `install` creates the packages' files. */
const debian = (isRoot: boolean, failing?: string): Machine & { commands: string[] } => {
  const commands: string[] = [];
  return {
    isRoot,
    aptGet: '/usr/bin/apt-get',
    commands,
    run: (command, args) => {
      commands.push([command, ...args].join(' '));
      if (args[0] === failing) return { status: 100, output: 'E: Unable to locate package' };
      if (args[0] === 'install')
        for (const pkg of args.filter((a) => !a.startsWith('-')).slice(1))
          writeFileSync(join(dir, pkg), '');
      return { status: 0, output: '' };
    },
  };
};

describe('provision', () => {
  it('says what it finds and installs nothing when everything is there', async () => {
    await writeFile(join(dir, 'chromium'), '');
    const machine = debian(true);
    expect(provision([program('Chromium', 'chromium')], say, machine)).toBe(true);
    expect(lines).toEqual([`Chromium: ${join(dir, 'chromium')}`]);
    expect(machine.commands).toEqual([]);
  });

  it('as root on Debian, installs what is missing in one apt-get, saying what and how', async () => {
    await writeFile(join(dir, 'chromium'), '');
    const machine = debian(true);
    const programs = [program('Chromium', 'chromium'), program('HAProxy', 'haproxy')];
    expect(provision(programs, say, machine)).toBe(true);
    expect(machine.commands).toEqual([
      '/usr/bin/apt-get update -qq',
      '/usr/bin/apt-get install -y --no-install-recommends haproxy',
    ]);
    expect(lines).toEqual([
      `Chromium: ${join(dir, 'chromium')}`,
      'HAProxy is missing (needed by the HAProxy tests)',
      'installing haproxy: apt-get update, then apt-get install -y --no-install-recommends haproxy',
      `HAProxy: ${join(dir, 'haproxy')} (installed)`,
    ]);
  });

  it('fails with apt-get’s own words when the install fails', () => {
    const machine = debian(true, 'install');
    expect(provision([program('HAProxy', 'haproxy')], say, machine)).toBe(false);
    expect(lines.at(-1)).toBe(
      'apt-get install failed (exit code 100):\nE: Unable to locate package',
    );
  });

  it('not as root, installs nothing and says what to run', () => {
    const machine = debian(false);
    expect(provision([program('HAProxy', 'haproxy')], say, machine)).toBe(false);
    expect(machine.commands).toEqual([]);
    expect(lines.at(-1)).toBe(
      "cannot install haproxy here (not running as root): run `sudo apt-get install -y --no-install-recommends haproxy` (Debian/Ubuntu) or your system's equivalent, then try again",
    );
  });

  it('the command `npm test` runs first exits 1 with the reason on a machine without apt-get', () => {
    const result = spawnSync(process.execPath, ['infra/src/cli/provision.ts', 'e2e'], {
      cwd: ROOT,
      env: { ...process.env, PATH: dir, CHROMIUM_PATH: join(dir, 'chromium'), NO_COLOR: '1' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      [
        'provision  | Chromium is missing (needed by the end-to-end tests)',
        "provision  | cannot install chromium here (no apt-get on this machine): run `sudo apt-get install -y --no-install-recommends chromium` (Debian/Ubuntu) or your system's equivalent, then try again (or set CHROMIUM_PATH to a Chromium binary)",
        '',
      ].join('\n'),
    );
  });
});
