import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import { projectRoot } from '../../src/common/runtime/project-root';
import { TEST_REDIS_URL } from './test-env';

export const BUILT_MAIN = join(__dirname, '..', '..', 'dist', 'src', 'main.js');
/** The same entry point with the sample routes and queue of the tests mounted. */
export const BUILT_MAIN_WITH_EXAMPLES = join(__dirname, '..', '..', 'dist', 'test', 'support', 'service-with-examples.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Runs node with these arguments and exactly the given environment (plus PATH); quiet discards its output. */
function runNode(nodeArgs: string[], env: Record<string, string>, quiet: boolean, cwd?: string): RunningProcess {
  const child = spawn(process.execPath, nodeArgs, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Runs a built script of this project with exactly the given environment (plus PATH); quiet discards its output. */
export function runBuilt(script: string, env: Record<string, string>, args: string[] = [], quiet = false): RunningProcess {
  return runNode([script, ...args], env, quiet);
}

/** The node command of a package.json script, after its build step ("npm run build && node a b" gives node a b). */
export function packageScriptCommand(name: string): string {
  const scripts = (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = scripts[name].split('&&').at(-1)!.trim();
  if (!command.startsWith('node ')) throw new Error(`the script ${name} does not end in a node command: ${scripts[name]}`);
  return command;
}

/** Runs a package.json script as npm would once the project is built: its node command, from the project's folder. */
export function runPackageScript(name: string, env: Record<string, string>, args: string[] = []): RunningProcess {
  return runNode([...packageScriptCommand(name).split(/\s+/).slice(1), ...args], env, false, projectRoot());
}

export async function waitForOutput(process: RunningProcess, pattern: RegExp, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!pattern.test(process.stdout())) {
    if (Date.now() - started > timeoutMs) throw new Error(`no ${pattern} in output:\n${process.stdout()}\n${process.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls a URL until it answers 200. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Job locks for tests that kill a worker: its job is given to another worker within seconds (the lock expires after
 * 5 s, stalled jobs are looked for every 2 s) instead of BullMQ's 30 s defaults.
 */
export const SHORT_JOB_LOCKS = { QUEUE_LOCK_DURATION_MS: '5000', QUEUE_STALLED_INTERVAL_MS: '2000' };

/**
 * A built worker process beside a test app: its database (already migrated) and Redis prefix, the marketplace at
 * `marketplaceUrl`, no job schedulers (a tick would add calls to a test that counts them).
 */
export function spawnWorker(
  app: { config: { database: { url: string }; redis: { prefix: string } } },
  marketplaceUrl: string,
  env: Record<string, string> = {},
): RunningProcess {
  return runBuilt(BUILT_MAIN, {
    NODE_ENV: 'test',
    APP_ROLE: 'worker',
    SCHEDULES_ENABLED: 'false',
    DATABASE_URL: app.config.database.url,
    DB_MIGRATE_ON_START: 'false',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: app.config.redis.prefix,
    MP_API_BASE_URL: marketplaceUrl,
    ...env,
  });
}
