import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

/*
 * Package boundaries (docs/ARCHITECTURE.md): dependencies run one way,
 * core ← api, projections ← infra. core imports no other package; api
 * imports core and the published queries of projections; projections imports
 * core only, never the site; infra may import everything. Production code
 * never imports the test harness (@rentals/testing); tests may. The site
 * imports the types of core's contract (the API's response schemas) and
 * core's shared UI (core/src/ui: the visitor card, header and footer, icons,
 * plural helper and stylesheet, which the public pages render too), which
 * stays browser-safe. Another package is imported by its name, never by a
 * relative path. Nothing imports infra but infra (its test harness included).
 * Tests are held to their package's line too.
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
/** Neither core nor the projections may reach into the site, by name or by path. */
const NO_SITE =
  'core and projections never import the site: what they share with it lives in core/src/ui.';
const notTheSite = { regex: '^(@rentals/site(/|$)|(\\.\\./)+site/)', message: NO_SITE };
const onlyPackages = (allowed, why) => ({
  regex: `^@rentals/(?!${allowed.join('|')})`,
  message: why,
});
/**
 * The core domains (deciders, evolvers and their rules) stay pure: no IO, no
 * framework, no clock, no randomness; the shell passes time and ids in.
 * Hashing is deterministic, so node:crypto's digests are allowed, not its
 * random sources.
 */
const DOMAINS = [
  'accounts',
  'conversations',
  'favourites',
  'gazetteer',
  'listings',
  'notifications',
  'reports',
  'savedSearches',
  'trust',
].map((domain) => `core/src/${domain}/**/*.{ts,tsx}`);
const PURE = ['node:*', '!node:crypto', 'postgres', 'elysia', 'meilisearch', 'sharp', 'bun'];
const RANDOM = ['randomUUID', 'randomBytes', 'randomInt', 'randomFillSync', 'webcrypto'];
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
const PROJECTIONS = 'projections imports core only.';
const QUERIES =
  'projections/src/queries (the read side the web process loads) imports only core and its own modules: no read model, search projection or runner.';
const SITE =
  'The site imports nothing server-side: the types of core/src/contract, the shared UI of core/src/ui, the tenancy terms (core/src/listings/termCatalogue and its messages, termMessages), the pure trust rules (core/src/trust) and the languages and formats of core/src/i18n only.';
const CATALOGUE =
  'core/src/listings/termCatalogue.ts is bundled for the browser: plain data importing ./bounds.ts only (its messages, termMessages.ts, the catalogue and the rupees of core/src/i18n/grouping.ts only).';
/**
 * The UI the site and the public pages share is bundled by the site for the
 * browser: its own modules and React only (no node:*, no database, no other core module).
 */
const I18N_FORMATS =
  'core/src/i18n/numbers.ts, grouping.ts, parseRupees.ts and dates.ts are bundled for the browser: Intl only, importing each other and the languages (locales.ts).';
const UI =
  'core/src/ui is bundled for the browser: it imports its own modules, React, the languages (core/src/i18n/locales), the numbers in digits (core/src/i18n/grouping), the types of core/src/i18n and the escaping markup tag (core/src/html/markup) only.';
const INFRA = 'infra imports core, api, projections and itself, never the test harness.';
const INFRA_TESTS = "infra's tests and the test harness import core, api, projections and infra.";
const SITE_TESTS = "The site's tests import core, the API and the test harness only.";
const INFRA_FILES = ['infra/src/**/*.{ts,tsx}'];
const SITE_FILES = ['site/src/**/*.{ts,tsx,astro}', 'site/scripts/**/*.ts', 'site/e2e/**/*.ts'];
const packageBoundaries = [
  boundary(['core/**/*.{ts,tsx}'], ['\\b\\B'], CORE, { extra: [notTheSite] }),
  boundary(['core/**/*.{ts,tsx}'], ['testing/'], CORE, { tests: true, extra: [notTheSite] }),
  // After core's own line, which it restates (a later object's rule replaces an earlier one's).
  boundary(['core/src/ui/**/*.{ts,tsx}'], ['\\b\\B'], CORE, {
    extra: [
      notTheSite,
      { regex: '^(?!\\./|react$|\\.\\./i18n/|\\.\\./html/markup\\.ts$)', message: UI },
      // The frame takes its texts as a function: the catalogues' types only, never the catalogues;
      // the languages themselves (names, paths) are plain values.
      { regex: '^\\.\\./i18n/(?!(locales|grouping)\\.ts$)', allowTypeImports: true, message: UI },
    ],
  }),
  {
    files: DOMAINS,
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'node:crypto', importNames: RANDOM, message: 'The shell passes ids in.' },
          ],
          patterns: [
            relativeIntoAnotherPackage,
            onlyPackages(['\\b\\B'], CORE),
            { group: PURE, message: 'A core domain stays pure: no IO, no framework.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Date', 'crypto', 'fetch', 'process'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The shell passes ids in.' },
      ],
    },
  },
  boundary(['api/**/*.{ts,tsx}'], ['core/', 'projections/queries/'], API),
  boundary(['api/**/*.{ts,tsx}'], ['core/', 'projections/queries/', 'testing/'], API, {
    tests: true,
  }),
  boundary(['projections/**/*.{ts,tsx}'], ['core/'], PROJECTIONS, { extra: [notTheSite] }),
  boundary(['projections/**/*.{ts,tsx}'], ['core/', 'testing/'], PROJECTIONS, {
    tests: true,
    extra: [notTheSite],
  }),
  // What the web process loads of the read side: names come from core, never from a writer's module.
  boundary(['projections/src/queries/**/*.ts'], ['core/'], QUERIES, {
    extra: [notTheSite, { regex: '^\\.\\./', message: QUERIES }],
  }),
  boundary(INFRA_FILES, ['core/', 'api/', 'projections/', 'infra/'], INFRA),
  boundary(
    [...INFRA_FILES, 'infra/testing/**/*.{ts,tsx}'],
    ['core/', 'api/', 'projections/', 'infra/', 'testing/'],
    INFRA_TESTS,
    { tests: true },
  ),
  // The tenancy terms' declarations: plain data the site bundles, so they import only the bounds.
  {
    files: ['core/src/listings/termCatalogue.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./bounds\\.ts$)', message: CATALOGUE }] },
      ],
    },
  },
  // Their English messages, bundled by the property form: the declarations and the rupees only.
  {
    files: ['core/src/listings/termMessages.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./termCatalogue\\.ts$|\\.\\./i18n/grouping\\.ts$)',
              message: CATALOGUE,
            },
          ],
        },
      ],
    },
  },
  // Rupees and dates in each language: pure, bundled for the browser, importing each other only.
  {
    files: [
      'core/src/i18n/numbers.ts',
      'core/src/i18n/grouping.ts',
      'core/src/i18n/parseRupees.ts',
      'core/src/i18n/dates.ts',
    ],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./(numbers|grouping|dates|locales)\\.ts$)', message: I18N_FORMATS },
          ],
        },
      ],
    },
  },
  boundary(
    SITE_FILES,
    [
      'core/contract/',
      'core/ui/',
      'core/listings/termCatalogue$',
      'core/listings/termMessages$',
      'core/trust/',
      'core/i18n/',
    ],
    SITE,
    {
      extra: [{ regex: '^@rentals/core/contract/', allowTypeImports: true, message: SITE }],
    },
  ),
  // The site's tests check its copies against core and the API, and drive the product.
  boundary(SITE_FILES, ['core/', 'api/', 'testing/'], SITE_TESTS, { tests: true }),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-pseudo/**',
      '**/.astro/**',
      '.data/**',
      'artifacts/**',
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
  ...astro.configs['flat/recommended'],
  {
    // The frontmatter and scripts of .astro files are not in a TypeScript project.
    files: ['**/*.astro', '**/*.astro/*'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...packageBoundaries,
  {
    files: ['site/src/**/*.{ts,tsx}', 'core/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
