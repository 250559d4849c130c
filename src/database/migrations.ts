import { join } from 'node:path';

import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Client } from 'pg';

import { projectRoot } from '../common/runtime/project-root';

/** Any constant shared by every replica: only one of them applies migrations at a time. */
const MIGRATION_LOCK_ID = 727_001;

export const MIGRATIONS_FOLDER = join(projectRoot(), 'drizzle');

/** Creates the database named in the URL when it does not exist (used outside production). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
      // Another replica created it at the same moment.
      if (error.code !== '42P04' && error.code !== '23505') throw error;
    });
    return true;
  } finally {
    await client.end();
  }
}

/** Applies pending migrations under an advisory lock, so that replicas starting together do not race. */
export async function runMigrations(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
