import { devStack } from '../devStack.ts';
import { killProcess, scenario } from '../scenario.ts';

// The one web process dies: requests in flight are cut, new ones are refused until the runner
// has started it again.
scenario({
  name: 'web',
  summary: 'kill -9 of the web process',
  order: 20,
  stack: devStack,
  inject: ({ stack }) => Promise.resolve(killProcess(stack, 'web')),
});
