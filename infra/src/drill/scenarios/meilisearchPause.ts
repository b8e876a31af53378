import { devStack } from '../devStack.ts';
import { scenario } from '../scenario.ts';

// A frozen engine accepts connections and never answers: searches must fall back to Postgres
// within their timeout, writes go on, and the index catches up once it runs again.
scenario({
  name: 'meilisearch-pause',
  summary: 'Meilisearch paused (SIGSTOP) for a third of the load, then SIGCONT',
  order: 30,
  stack: devStack,
  inject: async ({ stack, durationMs }) => {
    const pid = stack.pid('meilisearch');
    if (pid === undefined) throw new Error('the stack has no meilisearch process');
    process.kill(pid, 'SIGSTOP');
    const start = Date.now();
    try {
      await new Promise((r) => setTimeout(r, durationMs / 3));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    return {
      start,
      end: Date.now(),
      killed: [],
      note: `paused for ${(durationMs / 3000).toFixed(0)} s`,
    };
  },
});
