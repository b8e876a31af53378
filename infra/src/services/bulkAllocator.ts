/**
 * Bun's allocator (mimalloc) setting for our processes that move data in bulk: the projections process
 * (rebuilds, catching up a bulk import), which the dev and cluster runners and the benchmarks start with it.
 * The commands that rebuild in their own process set the same variable in package.json
 * (`projections:rebuild`, `bench:rebuild`); docs/OPERATIONS.md tells operators who start processes themselves.
 *
 * By default mimalloc gives freed memory back to the OS 100 ms after it is freed, and the next allocation
 * faults it back in, zeroed. A rebuild's fill frees and allocates hundreds of MB a second (the log's rows
 * as postgres.js reassembles them, the COPY text), so it paid that round trip all the time: a third of the
 * listing model's rebuild (fill 21.8–27.1 s → 13.2–14.6 s on the 200k seed, docs/PERFORMANCE.md). With
 * `-1` freed memory stays with the process for its next allocations: the resident size stays at its peak
 * (that rebuild's bench process: 775–820 MB → 920–976 MB at most).
 *
 * Read by mimalloc when the process starts, so it has to be in the environment the process is started with.
 * Meilisearch links mimalloc too; the runners do not hand it this setting (meiliServer.ts).
 */
export const BULK_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MIMALLOC_PURGE_DELAY: '-1' };

/** An environment without our allocator settings, for a server of someone else's that links mimalloc. */
export const withoutAllocatorSettings = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('MIMALLOC_')));
