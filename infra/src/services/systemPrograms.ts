import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The two programs the tests need that npm cannot ship: Chromium for the
 * end-to-end tests (Playwright's own builds come from a CDN, not the npm
 * registry) and HAProxy for the scale-out tests and `npm run cluster`.
 * Both are Debian packages; `provision` installs the missing ones.
 */
export type SystemProgram = {
  name: string;
  debianPackage: string;
  neededBy: string;
  /** Its path, or undefined when it is not installed. */
  locate: () => string | undefined;
  /** Another way than installing the package, for the message when it cannot be installed. */
  alternative?: string;
};

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `command` on PATH, like `which`. */
const onPath = (command: string) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, command))
    .find(executable);

/** Where the end-to-end tests find Chromium: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM: SystemProgram = {
  name: 'Chromium',
  debianPackage: 'chromium',
  neededBy: 'the end-to-end tests',
  locate: () => (executable(chromiumPath()) ? chromiumPath() : undefined),
  alternative: 'or set CHROMIUM_PATH to a Chromium binary',
};

export const HAPROXY: SystemProgram = {
  name: 'HAProxy',
  debianPackage: 'haproxy',
  neededBy: 'the scale-out tests and npm run cluster',
  locate: () => onPath('haproxy'),
};

type Run = (command: string, args: string[]) => { status: number | null; output: string };

export type Machine = {
  /** Installing needs root. */
  isRoot: boolean;
  /** apt-get's path, when this is a Debian-like system. */
  aptGet: string | undefined;
  run: Run;
};

const runCommand: Run = (command, args) => {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return {
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`,
  };
};

const thisMachine = (): Machine => ({
  isRoot: process.getuid?.() === 0,
  aptGet: onPath('apt-get'),
  run: runCommand,
});

const tail = (output: string) => output.trim().split('\n').slice(-15).join('\n');

/**
 * Makes sure `programs` are installed, one line each for what it finds, what
 * is missing, and what it installs and how; as root with apt-get it installs
 * the missing Debian packages, otherwise it says what to install. Returns
 * false when something is still missing (the caller stops: no test is skipped
 * for want of a program).
 */
export const provision = (
  programs: SystemProgram[],
  say: (line: string) => void,
  machine: Machine = thisMachine(),
): boolean => {
  const missing = programs.filter((p) => {
    const path = p.locate();
    say(path ? `${p.name}: ${path}` : `${p.name} is missing (needed by ${p.neededBy})`);
    return !path;
  });
  if (missing.length === 0) return true;
  const packages = missing.map((p) => p.debianPackage);
  const install = ['install', '-y', '--no-install-recommends', ...packages];
  if (!machine.isRoot || !machine.aptGet) {
    const why = machine.aptGet ? 'not running as root' : 'no apt-get on this machine';
    const others = missing.flatMap((p) => (p.alternative ? [` (${p.alternative})`] : []));
    say(
      `cannot install ${packages.join(' ')} here (${why}): run \`sudo apt-get ${install.join(' ')}\` (Debian/Ubuntu) or your system's equivalent, then try again${others.join('')}`,
    );
    return false;
  }
  say(`installing ${packages.join(' ')}: apt-get update, then apt-get ${install.join(' ')}`);
  for (const args of [['update', '-qq'], install]) {
    const result = machine.run(machine.aptGet, args);
    if (result.status !== 0) {
      say(`apt-get ${args[0]} failed (exit code ${result.status}):\n${tail(result.output)}`);
      return false;
    }
  }
  const still = missing.filter((p) => {
    const path = p.locate();
    say(path ? `${p.name}: ${path} (installed)` : `${p.name} is still missing after apt-get`);
    return !path;
  });
  return still.length === 0;
};
