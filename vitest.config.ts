import { resolve } from 'node:path';

import swc from 'unplugin-swc';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

import { LongFilesFirst } from './test/support/long-files-first';

/** How the web app imports the code it shares with the service (as web/vite.config.ts and web/tsconfig.json name it). */
const WEB_ALIAS = { '@shared': resolve(__dirname, 'src/shared') };

/** The run's template database, which each file that needs a database clones. */
const DATABASE_SETUP = 'test/support/global-setup.ts';

/** Files that run the service in Node: SWC emits the decorator metadata that Nest's dependency injection needs (esbuild does not). */
function serviceProject(
  name: string,
  include: string[],
  overrides: { globalSetup?: string[]; testTimeout?: number } = {},
): TestProjectInlineConfiguration {
  return {
    plugins: [swc.vite({ module: { type: 'es6' } })],
    resolve: { alias: WEB_ALIAS },
    test: {
      name,
      include,
      globalSetup: [DATABASE_SETUP],
      setupFiles: ['test/support/setup-file.ts'],
      pool: 'forks',
      // Each file still gets a fork of its own (the forks pool follows the root config's isolation, which is on), so it
      // imports Nest, Drizzle and the app afresh; each file builds its own app on its own database and Redis prefix.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // What a page shows after a request and a render can take seconds on two busy cores, not the default 1 s.
      expect: { poll: { timeout: 10_000 } },
      ...overrides,
    },
  };
}

export default defineConfig({
  test: {
    // Most of the long files wait (for rate windows, lock expiry, a killed worker's takeover) rather than compute, so
    // more files than cores run at once; each file has its own database and Redis prefix.
    maxWorkers: 4,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      serviceProject('service', ['test/**/*.e2e.ts', 'emulator/test/**/*.e2e.ts']),
      {
        plugins: [swc.vite({ module: { type: 'es6' } })],
        resolve: { alias: WEB_ALIAS },
        test: {
          name: 'unit',
          include: ['src/**/*.spec.ts', 'emulator/**/*.spec.ts', 'web/src/**/*.spec.ts'],
          setupFiles: ['test/support/setup-file.ts'],
          // The pure cores' files share one thread and its loaded modules, beside the service files: a fork of its own
          // and a fresh import per file cost each of them seconds for tests of milliseconds.
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
          isolate: false,
          testTimeout: 30_000,
        },
      },
      serviceProject('browser', ['web/e2e/**/*.e2e.ts'], {
        // The web app is built once per run, and only for a run that has a browser file.
        globalSetup: [DATABASE_SETUP, 'web/e2e/support/web-build.ts'],
        // A flow drives Chromium, the service and its worker at once, next to the other browser files, on two cores.
        testTimeout: 60_000,
      }),
      {
        esbuild: { jsx: 'automatic' },
        resolve: { alias: WEB_ALIAS },
        test: {
          name: 'components',
          include: ['web/src/**/*.spec.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/dom-setup.ts'],
          // The files share one worker's DOM and loaded modules (each test resets what it changed): jsdom is set up and
          // Mantine loaded once, not once per file, and the component files take one worker of the run.
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
          isolate: false,
          testTimeout: 15_000,
        },
      },
    ],
  },
});
