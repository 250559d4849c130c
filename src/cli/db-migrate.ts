import { loadConfig } from '../config/app-config';
import { ensureDatabaseExists, runMigrations } from '../database/migrations';
import { runCli } from './run-cli';

runCli(async () => {
  const config = loadConfig();
  if (config.env !== 'production' && (await ensureDatabaseExists(config.database.url))) process.stdout.write('database created\n');
  await runMigrations(config.database.url);
  process.stdout.write('migrations applied\n');
});
