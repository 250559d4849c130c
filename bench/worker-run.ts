import { join } from 'node:path';

import { runBuilt } from '../test/support/spawn-service';

/** Runs a built bench worker (beside this file) in a fresh process, so that its peak RSS is its own, and reads the JSON it prints. */
export async function workerRun<T>(worker: string, env: Record<string, string>): Promise<T> {
  const child = runBuilt(join(__dirname, worker), env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${worker} failed (${code}): ${child.stderr()}`);
  return JSON.parse(child.stdout().trim()) as T;
}
