import { Client } from 'pg';

import { runMigrations } from '../../src/database/migrations';
import { databaseUrl, TEMPLATE_DATABASE, TEST_ADMIN_DATABASE_URL, TEST_DATABASE_PREFIX } from './test-env';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Databases left by runs that ended without cleaning up (killed); a run still going keeps its own. */
function isLeftover(name: string): boolean {
  const runPid = new RegExp(`^${TEST_DATABASE_PREFIX}(\\d+)_`).exec(name)?.[1];
  return runPid === undefined || Number(runPid) === process.pid || !isRunning(Number(runPid));
}

/**
 * Migrates one template database; each test file clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 * Every project whose files use a database names this file: the first of them in a run sets the run up and tears it down.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.SOA_TEST_RUN_ID === String(process.pid)) return undefined;
  process.env.SOA_TEST_RUN_ID = String(process.pid);
  const admin = new Client({ connectionString: TEST_ADMIN_DATABASE_URL });
  await admin.connect();
  const existing = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${TEST_DATABASE_PREFIX}%`,
  ]);
  for (const { datname } of existing.rows.filter((row) => isLeftover(row.datname)))
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
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
