import type { ModuleMetadata } from '@nestjs/common';

import { AppConfig, loadConfig } from '../config/app-config';
import { ConfigError } from '../config/env-parsers';
import { ensureDatabaseExists, runMigrations } from '../database/migrations';
import { createApp } from './create-app';
import { runUntilSignal } from './shutdown';
import { tightenWorkerHeapGrowth } from './worker-heap';

function roleFlag(argv: string[]): string | undefined {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index < 0) return undefined;
  return argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
}

async function prepareDatabase(config: AppConfig): Promise<void> {
  if (!config.database.migrateOnStart) return;
  if (config.env !== 'production') await ensureDatabaseExists(config.database.url);
  await runMigrations(config.database.url);
}

async function start(extraImports: ModuleMetadata['imports']): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env, roleFlag(process.argv.slice(2)));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  if (config.role !== 'api') tightenWorkerHeapGrowth();
  await prepareDatabase(config);
  const app = await createApp(config, { extraImports });
  if (config.role !== 'worker') await app.listen({ port: config.http.port, host: '0.0.0.0' });
  runUntilSignal(app, config);
}

/** The process: configuration, migrations, the application for its role, until a signal (tests add their modules). */
export function runService(extraImports: ModuleMetadata['imports'] = []): void {
  start(extraImports).catch((error: Error) => {
    process.stderr.write(`Start failed: ${error.message}\n`);
    process.exit(1);
  });
}
