import { devStack } from '../devStack.ts';
import { killProcess, scenario } from '../scenario.ts';

// The database goes away mid-write: requests get 503 + Retry-After until the runner has
// restarted it (crash recovery on the same data directory); web and projections reconnect.
scenario({
  name: 'postgres',
  summary: 'kill -9 of Postgres (the postmaster)',
  order: 50,
  stack: devStack,
  inject: ({ stack }) => Promise.resolve(killProcess(stack, 'postgres')),
});
