// Which CPUs the benchmark's processes may run on (taskset, util-linux), so a run can measure the API with
// Meilisearch on CPUs of its own, as in production where the search engine has its own server.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus as onlineCpus } from 'node:os';
import { join } from 'node:path';

export type CpuLayout = 'shared' | 'split';

const range = (from: number, to: number) => (from === to ? String(from) : `${from}-${to}`);

/** Every thread of the process (-a) onto these CPUs. */
const pin = (pid: number, cpus: string) =>
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });

/**
 * `shared`: every process on every CPU (the machine as the dev stack runs it).
 * `split`: Meilisearch on the first half of the CPUs, the API and the load
 * generator (this process) on the rest; Postgres is left where it is (idle
 * on a warm search). The Meilisearch pid is the one its launcher wrote in its
 * data directory.
 */
export const applyCpuLayout = (
  layout: CpuLayout,
  processes: { meiliDataDir: string; apiPid: number },
) => {
  // Every online CPU: availableParallelism() counts only this process's own affinity, which the split narrows.
  const cpus = onlineCpus().length;
  if (layout === 'split' && cpus < 2) throw new Error('a split CPU layout needs at least 2 CPUs');
  const meiliPid = Number(
    readFileSync(join(processes.meiliDataDir, 'meilisearch.pid'), 'utf8').trim(),
  );
  const half = Math.floor(cpus / 2);
  const [search, rest] =
    layout === 'split'
      ? [range(0, half - 1), range(half, cpus - 1)]
      : [range(0, cpus - 1), range(0, cpus - 1)];
  pin(meiliPid, search);
  pin(processes.apiPid, rest);
  pin(process.pid, rest);
  return { search, rest };
};
