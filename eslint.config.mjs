import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';

import js from '@eslint/js';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

/** Node's built-in modules by their bare names (fs, path, fs/promises ...). */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));

/** An import of one of these top-level folders of src/ (or web/src/screens/), from anywhere below it. */
const folderImport = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

/** Who may not import whom in src/: the README's layer diagram says the same. */
const SERVER_ZONES = [
  {
    files: ['src/{common,config,database,redis,accounts}/**/*.ts'],
    folders: ['queue', 'marketplace', 'modules'],
    message: 'common, config, database, redis and accounts are below queue, marketplace and modules: move the code down or pass it in',
  },
  {
    files: ['src/{queue,marketplace}/**/*.ts'],
    folders: ['modules'],
    message: 'queue and marketplace are below the modules: move the code down or let the module pass it in',
  },
  {
    files: ['src/modules/**/*.ts'],
    folders: ['app', 'app\\.module'],
    message: 'a module does not import the application that mounts it',
  },
];

/**
 * Each screen of the web app: a folder of web/src/screens/ named after its server module, or, for a module with several
 * screens, a folder inside the module's (autoreply/inbox). A screen imports no other screen (shared data is in web/src/api/).
 */
const SCREENS_DIR = join(import.meta.dirname, 'web', 'src', 'screens');
const SCREENS = readdirSync(SCREENS_DIR, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('Screen.tsx'))
  .map((entry) => relative(SCREENS_DIR, entry.parentPath).split(sep).join('/'))
  .filter((screen, index, screens) => screen !== '' && screens.indexOf(screen) === index);

/** How another screen is reached from a screen's files: by its path, or, beside it in one module, by its own name. */
const otherScreens = (screen) => SCREENS.filter((other) => other !== screen).flatMap((other) => [other, other.split('/').pop()]);

const restrictedImports = (regex, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });

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
  ...SERVER_ZONES.map(({ files, folders, message }) => ({ files, rules: restrictedImports(folderImport(folders), message) })),
  ...SCREENS.map((screen) => ({
    files: [`web/src/screens/${screen}/**/*.{ts,tsx}`],
    rules: restrictedImports(
      folderImport([...new Set(otherScreens(screen))]),
      'a screen imports no other screen: move what both need to web/src/api/ (data hooks) or web/src/ui/',
    ),
  })),
);
