// One ESLint config for the whole workspace. Nx runs it per project (`nx run <project>:lint`).
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './backend/lint/module-boundaries.mjs';

const BACKEND_SOURCE_ROOT = fileURLToPath(new URL('./backend/src', import.meta.url));

const NO_FORWARD_REF = {
  selector: "ImportSpecifier[imported.name='forwardRef']",
  message: 'No forwardRef: move the shared piece down instead of papering over a cycle.',
};
const SQL_OUTSIDE_QUERIES = [
  {
    selector: "CallExpression[callee.property.name='query'][arguments.0.type=/Literal$/]",
    message: 'SQL text belongs in a *.queries.ts file; call a function from there.',
  },
  {
    selector: "CallExpression[callee.property.name='createQueryBuilder']",
    message: 'Query builders belong in a *.queries.ts file; call a function from there.',
  },
];

// Who may import whom. Tags live in each project.json.
//   backend never imports frontends; remotes never import each other or the shell, only libs/.
const depConstraints = [
  { sourceTag: 'type:backend', onlyDependOnLibsWithTags: ['type:tooling', 'type:shared'] },
  { sourceTag: 'type:host', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:shared'] },
  // Framework-free rules both the API and the browser libs run (libs/living-text).
  { sourceTag: 'type:shared', onlyDependOnLibsWithTags: ['type:shared'] },
  { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:tooling'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:tooling', 'type:lib'] },
  { sourceTag: 'platform:node', notDependOnLibsWithTags: ['platform:browser'] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'libs/api-client/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // The UI kit is the only door to Mantine, so every slice shares one instance of it.
    files: ['frontends/**/*.ts', 'frontends/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@mantine/*'], message: 'Import UI pieces from @plantfolk/ui.' },
            { group: ['**/libs/*/src/**'], message: 'Import libs by their package name.' },
            {
              // Nx maps only declared workspace dependencies to projects; this closes the rest.
              group: [
                '@plantfolk/shell',
                '@plantfolk/social',
                '@plantfolk/events',
                '@plantfolk/admin',
              ]
                .flatMap((name) => [name, `${name}/*`])
                .concat(['@plantfolk/backend', '@plantfolk/backend/*']),
              message: 'Slices never import each other or the backend; share code through libs/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontends/**/*.tsx', 'libs/ui/**/*.tsx', 'libs/session/**/*.tsx', 'libs/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Nest relies on emitted constructor parameter types; importing them as types would erase them.
    files: ['backend/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@plantfolk/*',
                '!@plantfolk/devstack',
                '!@plantfolk/living-text',
                '**/frontends/**',
                '**/libs/*/src/**',
              ],
              message: 'The backend never imports frontends or browser libs.',
            },
          ],
        },
      ],
    },
  },
  {
    // Backend modules (backend/src/modules/<name>): another module only through its index.ts, no
    // cycles between modules, platform/ knows no module. Tests and benchmarks may reach internals.
    files: ['backend/src/**/*.ts'],
    plugins: { plantfolk: moduleBoundaries },
    rules: {
      'plantfolk/module-public-face': ['error', { sourceRoot: BACKEND_SOURCE_ROOT }],
      'plantfolk/no-module-cycles': ['error', { sourceRoot: BACKEND_SOURCE_ROOT }],
      'no-restricted-syntax': ['error', NO_FORWARD_REF],
    },
  },
  {
    // A module's SQL lives in its *.queries.ts files; services keep the rules
    // (backend/src/modules/README.md).
    files: ['backend/src/modules/**/*.ts'],
    ignores: ['**/*.queries.ts', '**/__tests__/**'],
    rules: { 'no-restricted-syntax': ['error', NO_FORWARD_REF, ...SQL_OUTSIDE_QUERIES] },
  },
  {
    // Plain Node scripts (entry points, jest setup, configs).
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', '**/jest.config.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
        process: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
