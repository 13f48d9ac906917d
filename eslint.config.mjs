// One ESLint config for the whole workspace. Nx runs it per project (`nx run <project>:lint`).
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Who may import whom. Tags live in each project.json.
//   backend never imports frontends; remotes never import each other or the shell, only libs/.
const depConstraints = [
  { sourceTag: 'type:backend', onlyDependOnLibsWithTags: ['type:tooling'] },
  { sourceTag: 'type:host', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
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
