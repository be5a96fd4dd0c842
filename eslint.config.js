// ESLint: the habits a newcomer should not have to learn by review. Type-checking is tsc's and
// astro check's job (npm run typecheck); this file holds what the compiler does not see: the
// house's import boundaries, React's hook rules, accessibility in markup, and plain mistakes.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersOf = (dir, skip = []) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !skip.includes(entry.name))
    .map((entry) => entry.name);

/**
 * A feature folder never reaches into a sibling feature: shared pieces live a level down. A
 * floor (payments) is such a level: the features above it (the paid products) import it, and
 * it imports none of them.
 */
const featureZones = (root, features, floors = []) =>
  features.map((feature) => ({
    target: `${root}/${feature}`,
    from: features.filter((other) => other !== feature && !floors.includes(other)).map((other) => `${root}/${other}`),
    message: floors.includes(feature)
      ? `${root}/${feature} is a floor below the features: it imports none of them (they reach it, or give it what it needs).`
      : 'A feature does not import another feature: move what both need to a shared place or a floor.',
  }));

const siteFeatures = foldersOf('./site/features');
// bff/routes/ composes the features as app.ts does (each folder one URL prefix): it may import them all.
const bffFeatures = foldersOf('./bff', ['plugins', 'decisions', 'routes']);
// The payments floor: what every paid product shares (the way to price, order and settle a sale).
const PAYMENT_FLOORS = { site: ['payment'], bff: ['payments'] };

const sides = {
  site: ['./bff', './sandbox', './docker', './tests'],
  bff: ['./site', './sandbox', './docker', './tests'],
  sandbox: ['./site', './bff', './docker', './tests'],
  shared: ['./site', './bff', './sandbox', './docker', './tests'],
};

export default tseslint.config(
  { ignores: ['dist/**', '.astro/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Modules imported from an .astro file are read as TypeScript, not with the Astro parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...Object.entries(sides).map(([side, from]) => ({
              target: `./${side}`,
              from,
              message: `${side}/ leans only on shared/ (ARCHITECTURE.md).`,
            })),
            ...featureZones('./site/features', siteFeatures, PAYMENT_FLOORS.site),
            ...featureZones('./bff', bffFeatures, PAYMENT_FLOORS.bff),
            {
              target: './bff',
              from: './bff/routes',
              except: ['./routes'],
              message: 'Nothing imports a route plugin: autoload registers bff/routes/.',
            },
          ],
        },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A closure may read a `let` before its one assignment (a stream's heartbeat cleared on close).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // shared/ runs in the browser and on the servers: no Node module, no DOM global.
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^node:', message: 'shared/ sees neither Node nor the DOM.' }] },
      ],
    },
  },
  {
    files: ['site/**/*.{ts,tsx,astro}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'dev-secrets', message: 'The site holds no secret, not even a development one.' }] },
      ],
    },
  },
  {
    // The site calls the BFF by the contract's names and types; its schemas stay on the servers.
    files: ['site/**/*.{ts,tsx,astro}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'shared/contract/(?!path\\.ts$)',
              allowTypeImports: true,
              message: 'The site imports the contract as types only (its zod schemas would ship to the browser).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['site/**/*.{ts,tsx}'],
    ignores: ['site/server.ts', 'site/lib/server-*.ts', 'site/middleware.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['site/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['site/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  ...astro.configs['flat/recommended'],
  {
    // Ambient declarations name types with import() so the file stays a global script.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Scripts, servers and tests print their figures and progress.
    files: [
      'tests/**',
      'docker/**',
      'sandbox/**',
      '.ci/**',
      '**/server.ts',
      'bff/write-api-reference.ts',
      'bff/waiting-room/operators/operator-cli.ts',
      'bff/upstream-check/check-cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
