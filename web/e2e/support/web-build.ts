import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the web app built from the current sources for this run's browser files. */
    webRoot: string;
  }
}

/**
 * Builds the web app once for the run, before its browser files start (vitest runs a project's global setup only when
 * one of its files is in the run); every file's service serves this one build.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const webRoot = mkdtempSync(join(tmpdir(), 'web-app-'));
  await build({ configFile: join(__dirname, '..', '..', 'vite.config.ts'), logLevel: 'warn', build: { outDir: webRoot } });
  project.provide('webRoot', webRoot);
  return () => rmSync(webRoot, { recursive: true, force: true });
}
