import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/* Layers whose code runs for a tenant it was handed (ESLint's flat config replaces a rule's options per file: one list each). */
const SERVICE_LAYERS = [
  'server/services/**/*.ts',
  'server/evaluation/**/*.ts',
  'server/ai/**/*.ts',
  'server/realtime/**/*.ts',
  'server/mail/**/*.ts',
];
const NO_TRPC = { regex: '(^|/)(routers|trpc)/', message: 'Services import contracts, never routers or tRPC.' };
/*
 * Only server/access (resolveTenantAccess, tenantRunnerFor) and server/jobs (the job runner's
 * ctx.tenant) call withTenant: everything else receives a tx or a TenantRunner and never opens a
 * transaction on a tenant id it chose. Tests, scripts and the top-level seed/ are outside server/.
 */
const ONLY_ACCESS_OPENS_A_TENANT = {
  regex: '(^|/)db/tenant$',
  importNames: ['withTenant'],
  message:
    'Only server/access and the job runner open tenant transactions: take a tx or a TenantRunner (ctx.tenant, access.runner, tenantRunnerFor).',
};

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
    // one way into a tenant: only the access layer and the job runner open tenant transactions
    files: ['server/**/*.ts'],
    ignores: [...SERVICE_LAYERS, 'server/access/**', 'server/jobs/**', 'server/contracts/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [ONLY_ACCESS_OPENS_A_TENANT] }] },
  },
  {
    // services and the evaluation never reach back into the tRPC layer, nor open a tenant themselves
    files: SERVICE_LAYERS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_TRPC, ONLY_ACCESS_OPENS_A_TENANT] }],
    },
  },
  {
    // the job runner opens each job's tenant (ctx.tenant), but never reaches back into the tRPC layer
    files: ['server/jobs/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_TRPC] }] },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
