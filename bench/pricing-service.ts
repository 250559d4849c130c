import 'reflect-metadata';
import { createApp } from '../src/app/create-app';
import { runUntilSignal } from '../src/app/shutdown';
import { loadConfig } from '../src/config/app-config';
import { ensureDatabaseExists, runMigrations } from '../src/database/migrations';
import { RateRules } from '../src/marketplace/client/rate-rules';

/**
 * The service (api and worker) of the pricing benchmark, with the client's limits BENCH_TIME_SCALE faster like the
 * emulator's. The rules are swapped in the container before anything is queued; production never runs this file.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  await ensureDatabaseExists(config.database.url);
  await runMigrations(config.database.url);
  const app = await createApp(config);
  const scaled = new RateRules(Number(process.env.BENCH_TIME_SCALE));
  app.get(RateRules).ruleFor = scaled.ruleFor.bind(scaled);
  await app.listen({ port: config.http.port, host: '127.0.0.1' });
  process.stdout.write('ready\n');
  runUntilSignal(app, config);
}

void main();
