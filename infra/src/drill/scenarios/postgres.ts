import { devStack } from '../devStack.ts';
import { killProcess, scenario } from '../scenario.ts';

/** The processes that must ride out a database restart (they reconnect; none may die of it). */
const SURVIVORS = ['web', 'projections'];
let pidsAtKill: Record<string, number | undefined> = {};

// The database goes away mid-write: requests get 503 + Retry-After until the runner has
// restarted it (crash recovery on the same data directory); web and projections reconnect.
scenario({
  name: 'postgres',
  summary: 'kill -9 of Postgres (the postmaster)',
  order: 50,
  stack: devStack,
  inject: ({ stack }) => {
    pidsAtKill = Object.fromEntries(SURVIVORS.map((name) => [name, stack.pid(name)]));
    return Promise.resolve(killProcess(stack, 'postgres'));
  },
  // The runner restarts a process that died under a new pid: the same pid means it lived through it.
  check: ({ stack }) => {
    const died = SURVIVORS.filter((name) => stack.pid(name) !== pidsAtKill[name]);
    return Promise.resolve({
      lines: [
        `processes alive through the restart: ${SURVIVORS.filter((n) => !died.includes(n)).join(', ') || 'none'}`,
      ],
      breaches: died.map(
        (name) => `the ${name} process died while Postgres restarted (its runner started it again)`,
      ),
    });
  },
});
