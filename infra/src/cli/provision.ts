/**
 * `npm test` (and `npm run test:int`, `test:e2e`, `cluster`) run this first
 * (the `pre…` scripts in package.json): it checks for the programs npm
 * cannot ship (Chromium, HAProxy) and installs the missing ones with apt-get
 * when it can, one line per step; when it cannot it says what to install and
 * exits 1, so no test fails later for want of a program.
 *
 *   bun infra/src/cli/provision.ts [tests|int|e2e|cluster]
 */
import { labelled } from '../dev/labelledOutput.ts';
import { CHROMIUM, HAPROXY, provision, type SystemProgram } from '../services/systemPrograms.ts';

const NEEDS: Record<string, SystemProgram[]> = {
  tests: [CHROMIUM, HAPROXY],
  int: [HAPROXY],
  e2e: [CHROMIUM],
  cluster: [HAPROXY],
};

const what = process.argv[2] ?? 'tests';
const programs = NEEDS[what];
if (!programs) {
  console.error(`usage: provision.ts [${Object.keys(NEEDS).join('|')}]`);
  process.exit(2);
}
if (!provision(programs, labelled('provision'))) process.exit(1);
