import { describe, expect, it } from 'vitest';
import { cpuByStage, stageTable, type CpuProfile } from './cpuStages.ts';

const frame = (functionName: string, url = '') => ({ functionName, url });

describe('cpuByStage', () => {
  // root → server.ts handler → meilisearch client → native fetch; root → native (server); idle.
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
      { id: 2, callFrame: frame('fetch', 'file:///r/api/src/server.ts'), children: [3] },
      {
        id: 3,
        callFrame: frame('search', 'file:///r/node_modules/meilisearch/dist/index.js'),
        children: [4],
      },
      { id: 4, callFrame: frame('fetch') },
      { id: 5, callFrame: frame('(garbage collector)') },
      { id: 6, callFrame: frame('(idle)') },
    ],
    samples: [2, 3, 4, 4, 5, 5, 6, 6],
  };

  it('counts samples by the stage of the file, a native counting for its caller, idle left out', () => {
    expect(Object.fromEntries(cpuByStage(profile))).toEqual({
      'Meilisearch client (its fetch, JSON)': 3,
      'Bun natives outside JavaScript (HTTP server, GC)': 2,
      'web layers (request id, deadline, headers, body counter)': 1,
    });
  });

  it('gives each stage its share of a request’s CPU µs', () => {
    const table = stageTable(cpuByStage(profile), 600);
    expect(table).toContain('| Meilisearch client (its fetch, JSON) | 50.0 % | 300 |');
    expect(table).toContain(
      '| web layers (request id, deadline, headers, body counter) | 16.7 % | 100 |',
    );
  });
});
