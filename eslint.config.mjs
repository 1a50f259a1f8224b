import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Listeners and timers in the renderer are held by a scope (src/renderer/src/scope.ts), which removes
// them all together when their effect or component ends: the raw calls are refused everywhere else.
const HELD_BY_A_SCOPE =
  'Hold it in a scope (createScope, useScope or pageScope from scope.ts), which removes it with the rest.'
const TIMERS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
]

export default tseslint.config(
  {
    ignores: [
      'bench/tmp/**',
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'schema/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['bin/*', 'scripts/**/*.{js,mjs,cjs}', 'tests/**/*.cjs'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer talks to the core only through the contract: no Node, no Electron, no core.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'child_process', 'better-sqlite3', 'electron'],
              message: 'The renderer runs in a browser sandbox.',
            },
            {
              group: ['**/core/**', '**/main/**', '**/host/**', '**/cli/**'],
              message: 'Talk to the core through the contract (platform.ts).',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...TIMERS.map((name) => ({ name, message: HELD_BY_A_SCOPE }))],
      'no-restricted-properties': [
        'error',
        { property: 'addEventListener', message: HELD_BY_A_SCOPE },
        { property: 'removeEventListener', message: HELD_BY_A_SCOPE },
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          TIMERS.map((property) => ({ object, property, message: HELD_BY_A_SCOPE })),
        ),
      ],
    },
  },
  {
    // The one place the raw calls are made.
    files: ['src/renderer/src/scope.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/core/**/*.ts', 'src/shared/**/*.ts', 'src/host/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main and src/preload may use Electron; the core runs in plain Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', '**/core/**', '**/main/**', '**/renderer/**'],
              message: 'shared is imported by every part; it depends on none.',
            },
          ],
        },
      ],
    },
  },
)
