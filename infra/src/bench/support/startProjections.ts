// The read side's projections in their own process (projectionsProcess.ts), for the benchmarks that
// measure it while writing: resolves once it says it is running.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BULK_ALLOCATOR_ENV } from '../../services/bulkAllocator.ts';
import { recordBenchChild, type BenchStack } from './stack.ts';

export const startProjectionsProcess = async (
  stack: BenchStack,
  options: { env?: Record<string, string>; onLine?: (line: string) => void } = {},
) => {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./projectionsProcess.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: stack.databaseUrl,
        MEILI_URL: stack.meiliUrl,
        MEILI_MASTER_KEY: stack.meiliKey,
        ...BULK_ALLOCATOR_ENV,
        // Its sessions by name in Postgres's log (bench POSTGRES_LOG).
        PGAPPNAME: 'bench-projections',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await recordBenchChild('projections', child.pid);
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (b: Buffer) => {
      for (const line of b.toString().split('\n').filter(Boolean)) {
        if (line.includes('projections running')) resolve();
        options.onLine?.(line);
      }
    }),
  );
  return child;
};
