import { describe, expect, it } from 'vitest';
import { parseClusterFlags } from './flags.ts';

describe('npm run cluster flags', () => {
  it('runs two web and two projections processes and one Meilisearch by default', () => {
    expect(parseClusterFlags([])).toEqual({
      web: 2,
      projections: 2,
      search: 1,
      verbose: false,
      seed: true,
      siteBuild: true,
    });
  });

  it('takes counts as `--web 3` or `--web=3`, and the dev runner flags', () => {
    expect(
      parseClusterFlags([
        '--web',
        '3',
        '--projections=1',
        '--search',
        '2',
        '--no-seed',
        '--verbose',
      ]),
    ).toMatchObject({ web: 3, projections: 1, search: 2, seed: false, verbose: true });
  });

  it('refuses counts that are not 1 to 8, and unknown flags', () => {
    expect(() => parseClusterFlags(['--web', '0'])).toThrow(
      '--web needs a whole number from 1 to 8 (got 0)',
    );
    expect(() => parseClusterFlags(['--search'])).toThrow('(got nothing)');
    expect(() => parseClusterFlags(['--web', 'two'])).toThrow('(got two)');
    expect(() => parseClusterFlags(['--webs'])).toThrow('unknown flag --webs');
  });
});
