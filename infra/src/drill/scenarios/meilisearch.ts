import { devStack } from '../devStack.ts';
import { killProcess, scenario } from '../scenario.ts';

// Searches fall back to Postgres while the engine is gone; the index projection holds its
// checkpoint and catches up once the runner has restarted it.
scenario({
  name: 'meilisearch',
  summary: 'kill -9 of Meilisearch',
  order: 40,
  stack: devStack,
  inject: ({ stack }) => Promise.resolve(killProcess(stack, 'meilisearch')),
});
