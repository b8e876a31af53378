import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/*
 * Package boundaries (docs/ARCHITECTURE.md): dependencies run one way,
 * core ← api, projections ← infra. core imports no other package; api
 * imports core and the published queries of projections; projections imports
 * core (and the site's stylesheet, as text, its visitor card, rendered at
 * build time, its header and footer, icons and plural helper, for the public pages); infra may
 * import everything. Production code never imports the test harness
 * (@rentals/testing); tests may. The site imports only types, and only from
 * core's contract (the API's response schemas). Another package is imported
 * by its name, never by a relative path.
 */
const TESTS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/testing/**',
  'site/e2e/**',
  'infra/src/bench/**',
  'infra/src/drill/**',
  // Drives the whole product through the test harness, as the e2e tests do.
  'infra/src/screenshots/**',
];
const relativeIntoAnotherPackage = {
  regex: '^(\\.\\./)+(core|api|projections|infra|site)/',
  message: 'Import another package by its name (@rentals/…), not by a relative path.',
};
const onlyPackages = (allowed, why) => ({
  regex: `^@rentals/(?!${allowed.join('|')})`,
  message: why,
});
/** The listing domain stays pure: no IO, no framework, no clock. */
const PURE = ['node:*', 'postgres', 'elysia', 'meilisearch', 'sharp', 'bun'];
/** `files` of one package: its production code, or (`tests`) its tests. */
const boundary = (files, allowed, why, { tests = false, extra = [] } = {}) => ({
  files: tests ? files.flatMap((f) => TESTS.map((t) => [f, t])) : files,
  ...(tests ? {} : { ignores: TESTS }),
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [relativeIntoAnotherPackage, onlyPackages(allowed, why), ...extra] },
    ],
  },
});
const CORE = 'core imports no other package.';
const API = "api imports core and projections/queries (the read side's published modules) only.";
const PROJECTIONS =
  "projections imports core only (and the site's stylesheet, visitor card, header and footer, icons and plural helper, for the public pages).";
const QUERIES =
  "projections/src/queries (the read side the web process loads) imports only core and its own modules: no read model, search projection or runner.";
const SITE = 'The site imports nothing server-side but the types of core/src/contract.';
const packageBoundaries = [
  boundary(['core/**/*.ts'], ['\\b\\B'], CORE),
  boundary(['core/**/*.ts'], ['testing/'], CORE, { tests: true }),
  boundary(
    ['core/src/listings/**/*.ts', 'core/src/gazetteer/**/*.ts', 'core/src/accounts/**/*.ts'],
    ['\\b\\B'],
    CORE,
    {
      extra: [{ group: PURE, message: 'The listing domain stays pure: no IO, no framework.' }],
    },
  ),
  boundary(['api/**/*.ts'], ['core/', 'projections/queries/'], API),
  boundary(['api/**/*.ts'], ['core/', 'projections/queries/', 'testing/'], API, { tests: true }),
  boundary(
    ['projections/**/*.ts'],
    [
      'core/',
      'site/styles/global\\.css$',
      'site/components/react/VisitorCard\\.tsx$',
      'site/components/siteFrame$',
      'site/components/icons$',
      'site/lib/plural$',
    ],
    PROJECTIONS,
  ),
  boundary(['projections/**/*.ts'], ['core/', 'site/styles/', 'testing/'], PROJECTIONS, {
    tests: true,
  }),
  // What the web process loads of the read side: names come from core, never from a writer's module.
  boundary(['projections/src/queries/**/*.ts'], ['core/'], QUERIES, {
    extra: [{ regex: '^\\.\\./', message: QUERIES }],
  }),
  boundary(
    ['infra/src/**/*.ts'],
    ['core/', 'api/', 'projections/', 'infra/'],
    'infra may not import the test harness.',
  ),
  boundary(['site/src/**/*.{ts,tsx}', 'site/scripts/**/*.ts'], ['core/contract/'], SITE, {
    extra: [{ regex: '^@rentals/core/contract/', allowTypeImports: true, message: SITE }],
  }),
  {
    files: ['core/src/listings/**/*.ts', 'core/src/gazetteer/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-globals': ['error', 'Date', 'crypto', 'fetch', 'process'] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.astro/**',
      '.data/**',
      'artifacts/**',
      'site/**/*.astro',
      'site/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  ...packageBoundaries,
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
