import 'reflect-metadata';

import { ConfigError } from '../config/env-parsers';

/** Runs a command-line task: one clear line on failure, exit code 1. */
export function runCli(task: () => Promise<void>): void {
  task().then(
    () => process.exit(0),
    (error: Error) => {
      process.stderr.write(`${error instanceof ConfigError ? error.message : `${error.name}: ${error.message}`}\n`);
      process.exit(1);
    },
  );
}
