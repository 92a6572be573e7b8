import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/ (README "Architecture", design 4) and what each may import. Imports run one way:
 * contract <- domain <- server and web; ssr renders the web app on the server; the entry point
 * (src/*.ts: main.ts and the tests that start the whole product) is the only file that sees every
 * layer. A test lives in its layer and obeys the same rule.
 */
const LAYERS = {
  contract: [],
  domain: ['contract'],
  server: ['domain', 'contract'],
  web: ['domain', 'contract'],
  ssr: ['web', 'domain', 'contract'],
  entry: ['server', 'ssr', 'web', 'domain', 'contract'],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        ...['contract', 'domain', 'server', 'web', 'ssr'].map((type) => ({ type, pattern: `src/${type}` })),
        { type: 'entry', pattern: 'src' },
      ],
    },
    rules: {
      // Every file of src/ belongs to a layer, and every import of ours to a known file.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'A {{from.type}} file may not import {{to.type}}: imports run one way (README, Architecture).',
          policies: Object.entries(LAYERS).map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
          })),
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/ssr/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Design 4: domain and contract are pure; the server never loads React (src/ssr does, for it).
    files: ['src/domain/**/*.ts', 'src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'react', 'react-*', 'drizzle-orm*', 'fastify*', 'pg'], message: 'domain and contract stay pure (design 4).' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-*', 'react/*', 'react-dom/*', '@tanstack/*', 'radix-ui', 'sonner', 'lucide-react'], message: 'The server never loads the web app: server rendering lives in src/ssr and reaches buildApp as an option.' }] },
      ],
    },
  },
);
