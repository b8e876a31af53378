export type ClusterFlags = {
  web: number;
  projections: number;
  search: number;
  verbose: boolean;
  seed: boolean;
  siteBuild: boolean;
};

const COUNTS = { '--web': 'web', '--projections': 'projections', '--search': 'search' } as const;
const MAX = 8;

export const USAGE = `usage: npm run cluster -- [--web N] [--projections N] [--search N] [--no-seed] [--no-site-build] [--verbose]
  --web N          web processes behind the proxy (default 2)
  --projections N  projections processes, one active and the others standing by (default 2)
  --search N       Meilisearch instances, given to every process as a comma-separated MEILI_URL (default 1)`;

/** `npm run cluster` flags; throws with a line for the terminal on anything else. */
export const parseClusterFlags = (args: string[]): ClusterFlags => {
  const flags: ClusterFlags = {
    web: 2,
    projections: 2,
    search: 1,
    verbose: false,
    seed: true,
    siteBuild: true,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    if (name in COUNTS) {
      const raw = inline ?? args[++i];
      const value = Number(raw);
      if (raw === undefined || !/^\d+$/.test(raw) || value < 1 || value > MAX)
        throw new Error(`${name} needs a whole number from 1 to ${MAX} (got ${raw ?? 'nothing'})`);
      flags[COUNTS[name as keyof typeof COUNTS]] = value;
    } else if (arg === '--verbose') flags.verbose = true;
    else if (arg === '--no-seed') flags.seed = false;
    else if (arg === '--no-site-build') flags.siteBuild = false;
    else throw new Error(`unknown flag ${arg}\n${USAGE}`);
  }
  return flags;
};
