import { Client } from 'pg';
import { runMigrations } from '../../src/database/migrations';
import { databaseUrl, TEMPLATE_DATABASE, TEST_ADMIN_DATABASE_URL, TEST_DATABASE_PREFIX } from './test-env';

/** Migrates one template database; each test file clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds. */
export default async function setup(): Promise<() => Promise<void>> {
  const admin = new Client({ connectionString: TEST_ADMIN_DATABASE_URL });
  await admin.connect();
  const leftovers = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${TEST_DATABASE_PREFIX}%`]);
  for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  await runMigrations(databaseUrl(TEMPLATE_DATABASE));
  await admin.end();
  return async () => {
    const cleanup = new Client({ connectionString: TEST_ADMIN_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await cleanup.end();
  };
}
