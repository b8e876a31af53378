/**
 * `npm test` (and `npm run test:int`, `test:e2e`, `cluster`) run this first
 * (the `pre…` scripts in package.json): it checks for the programs npm
 * cannot ship (Chromium, HAProxy, iproute2) and installs the missing ones with apt-get
 * when it can, one line per step; when it cannot it says what to install and
 * exits 1, so no test fails later for want of a program.
 *
 *   bun infra/src/cli/provision.ts [tests|int|e2e|cluster|drill]
 */
import { existsSync } from 'node:fs';
import { labelled } from '../dev/labelledOutput.ts';
import { CHROMIUM, HAPROXY, provision, type SystemProgram } from '../services/systemPrograms.ts';

/** `ip` (network namespaces, veth links, a bridge): the multi-host drill (infra/src/drill/hosts). */
const IPROUTE2: SystemProgram = {
  name: 'iproute2',
  debianPackage: 'iproute2',
  neededBy: 'the multi-host drill (npm run drill -- --hosts and its test)',
  locate: () => ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'].find((p) => existsSync(p)),
};

const NEEDS: Record<string, SystemProgram[]> = {
  tests: [CHROMIUM, HAPROXY, IPROUTE2],
  int: [HAPROXY, IPROUTE2],
  e2e: [CHROMIUM],
  cluster: [HAPROXY],
  drill: [HAPROXY, IPROUTE2],
};

const what = process.argv[2] ?? 'tests';
const programs = NEEDS[what];
if (!programs) {
  console.error(`usage: provision.ts [${Object.keys(NEEDS).join('|')}]`);
  process.exit(2);
}
if (!provision(programs, labelled('provision'))) process.exit(1);
