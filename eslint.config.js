// ESLint for the whole tree (flat config). TypeScript files get typescript-eslint's type-aware rules for
// promises and assertions through its project service, which loads each file's own tsconfig.json (the
// same projects `npm run lint:types` checks); JavaScript files (scripts, configs) get the syntax rules.
// Import boundaries and cycles are checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      // generated at install: the Prisma client, and the API's types (870 KB, about 1 s of ESLint's CPU)
      'backend/src/generated/',
      'frontend/src/shared/api/schema.d.ts',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.data/',
      'uploads/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or destructured rest kept on purpose (a signature, an omitted field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `interface X extends Y {}` is how an area adds its message keys to common/messages.ts (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Nest modules are classes with decorators and no body.
      '@typescript-eslint/no-extraneous-class': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      'prefer-const': ['error', { destructuring: 'all', ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its error (an unhandled rejection) and its order; fire-and-forget
      // is written `void promise` with the reason beside it.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function where a callback's result is ignored (an event handler, forEach) is a floating promise too.
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['backend/**/*.{ts,mjs}', 'scripts/**/*.{js,mjs}', 'frontend/scripts/**/*.mjs', 'e2e/**/*.{ts,mjs}', 'prisma/**/*.{ts,mjs}', '*.{js,ts,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['frontend/**/*.{ts,tsx,js}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The hooks rules and the React Compiler's rules (purity, refs, set-state-in-effect, immutability,
      // static-components, preserve-manual-memoization …), with a missing dependency an error, not a warning.
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['frontend/vite.config.ts', 'frontend/vitest.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
