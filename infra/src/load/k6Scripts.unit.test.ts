import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('./k6/', import.meta.url));
const SCRIPTS = readdirSync(DIR).filter((f) => f.endsWith('.ts') && f !== 'script.ts');

/**
 * `k6 run` takes a script as it is: it resolves relative imports and k6's own
 * modules, nothing from node_modules and no Node built-ins. Each script must
 * bundle with only `k6` and `k6/…` left outside (npm run typecheck checks its
 * types against @types/k6, infra/src/load/k6/tsconfig.json).
 */
describe('the k6 scripts', () => {
  it('are the three scenarios', () => {
    expect(SCRIPTS.sort()).toEqual(['cityRegeneration.ts', 'ownerDashboard.ts', 'tenantSearch.ts']);
  });

  it.each(SCRIPTS)('%s bundles with only k6 modules external', async (script) => {
    const imported = new Set<string>();
    const result = await Bun.build({
      entrypoints: [`${DIR}${script}`],
      target: 'browser',
      format: 'esm',
      plugins: [
        {
          name: 'only-k6-external',
          setup: (build) => {
            build.onResolve({ filter: /^[^./]/ }, (args) => {
              imported.add(args.path);
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    expect(result.logs.filter((l) => l.level === 'error')).toEqual([]);
    expect(result.success).toBe(true);
    expect([...imported].filter((p) => p !== 'k6' && !p.startsWith('k6/'))).toEqual([]);
    // What k6 calls: the default function, options, setup and handleSummary.
    const exported = /export \{([^}]*)\}/.exec(await result.outputs[0]!.text())?.[1] ?? '';
    const names = exported.split(',').map((e) =>
      e
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    expect(names.sort()).toEqual(['default', 'handleSummary', 'options', 'setup']);
  });
});
