// ESLint for the whole tree (flat config). Syntax-level rules only: the type-aware presets would load
// both TypeScript programs and take minutes on the CI machine, and `tsc --noEmit` already checks types.
// Import boundaries and cycles are checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'backend/src/generated/', 'coverage/', 'test-results/', 'playwright-report/', '.data/', 'uploads/'] },
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
