import { devStack } from '../devStack.ts';
import { killProcess, scenario } from '../scenario.ts';

// Writes keep being acknowledged (they are in the log) while no projection runs; the runner
// restarts the process, which resumes from its checkpoints and drains the lag.
scenario({
  name: 'projections',
  summary: 'kill -9 of the projections process',
  order: 10,
  stack: devStack,
  inject: ({ stack }) => Promise.resolve(killProcess(stack, 'projections')),
});
