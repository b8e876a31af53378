import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { moduleGraph } from './moduleGraph.ts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

it('the web process loads no read model, search projection or runner: only the published queries', () => {
  const files = moduleGraph(repo, 'api/src/main.ts');
  expect(files).toContain('api/src/main.ts');
  const readSide = files.filter((f) => f.startsWith('projections/'));
  expect(readSide.length).toBeGreaterThan(0);
  expect(readSide.filter((f) => !f.startsWith('projections/src/queries/'))).toEqual([]);
  expect(files.filter((f) => f.startsWith('site/') || f.startsWith('infra/'))).toEqual([]);
}, 120_000);
