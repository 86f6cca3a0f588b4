import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'tests/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // the client sees the server only through its contracts (and the router's type for tRPC)
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)db/', message: 'The client never imports the database schema: use server/contracts.' },
            { regex: '(^|/)server/(?!contracts/|trpc/router$)', message: 'The client imports only server/contracts.' },
            { regex: '(^|/)server/trpc/router$', allowTypeImports: true, message: 'Only the AppRouter type.' },
          ],
        },
      ],
    },
  },
  {
    // contracts are shared by both ends: they import only other contracts and libraries
    files: ['server/contracts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '(^|/)(db|services|routers|trpc|auth|ai|evaluation|realtime|jobs|mail|http|rest|cache)/|(^|/)\\.\\./(env|errors|logger|deps)$',
              message: 'A contract imports only other contracts and libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    // services, jobs and the evaluation never reach back into the tRPC layer
    files: [
      'server/services/**/*.ts',
      'server/evaluation/**/*.ts',
      'server/jobs/**/*.ts',
      'server/ai/**/*.ts',
      'server/realtime/**/*.ts',
      'server/mail/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(routers|trpc)/', message: 'Services import contracts, never routers or tRPC.' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
