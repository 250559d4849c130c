import { builtinModules } from 'node:module';

import js from '@eslint/js';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

/** Node's built-in modules by their bare names (fs, path, fs/promises ...). */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'bench/results/', 'drizzle/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // A leading underscore names what a destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests and scripts read JSON answers whose shape the assertions check.
    files: ['test/**/*.ts', 'emulator/test/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // src/shared/ runs in the browser too: no Nest, drizzle, queue, HTTP server or Node import there.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'drizzle-orm', 'drizzle-orm/*', 'bullmq', 'ioredis', 'fastify', '@fastify/*', 'pg', 'pino'],
              message: 'src/shared/ is run by the web app too: no server package.',
            },
            { group: ['node:*', ...NODE_BUILTINS], message: 'src/shared/ is run by the web app too: no Node built-in.' },
            {
              group: ['../**/database/*', '../**/common/*', '../**/config/*', '../**/queue/*', '../**/marketplace/*', '../**/modules/*'],
              message: 'src/shared/ is run by the web app too: it imports only from src/shared/.',
            },
          ],
        },
      ],
    },
  },
);
