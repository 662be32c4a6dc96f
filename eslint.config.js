// ESLint flat config: typescript-eslint with type information (one project service over the
// worker, client and node tsconfigs), the Rules of React for hooks and jsx-a11y for the islands.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.wrangler/',
      'public/',
      'reports/',
      'coverage/',
      'worker-configuration.d.ts',
      // The bench's Nuxt peer: a project of its own (Vue, Nuxt's auto-imports), built by the bench.
      'bench/peers/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The root tsconfig.json only references tsconfig.{worker,client,node}.json; the project
        // service finds the one that holds each file.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // vitest types its asymmetric matchers (expect.any, expect.stringContaining) as any so they fit any field.
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Spec section 7, general fetch behaviour: a GET is asked once more on 408/409/425/429/5xx and
    // a write only with an idempotency key. clientFetch does that; a bare fetch would not.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: "Browser requests go through clientFetch (src/shared/fetch-client.ts): the spec's retry rules.",
        },
      ],
    },
  },
  {
    // The write guard rejects control characters, so its pattern has to name them.
    files: ['src/worker/middleware/write-guard.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // A modal <dialog> is where the HTML spec wants autofocus: showModal() moves focus to the close button.
    files: ['src/ui/islands/exit-intent/index.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  {
    // Plain Node scripts are in no tsconfig: lint them without type information.
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
);
