import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC emits the decorator metadata that Nest's dependency injection needs (esbuild does not).
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: [
      'src/**/*.spec.ts',
      'emulator/**/*.spec.ts',
      'test/**/*.e2e.ts',
      'emulator/test/**/*.e2e.ts',
      'web/e2e/**/*.e2e.ts',
      'web/src/**/*.spec.ts',
    ],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    // Most of the long files wait (for rate windows, lock expiry, a killed worker's takeover) rather than compute, so
    // more files than cores run at once; each file has its own database and Redis prefix.
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
