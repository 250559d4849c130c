/** Where tests find PostgreSQL and Redis; override with TEST_DATABASE_URL / TEST_REDIS_URL. */
export const TEST_ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every database of the tests starts with this; the next part is the test run's process id. */
export const TEST_DATABASE_PREFIX = 'soa_test_';
/**
 * The run's id (the Vitest main process, set by the global setup before workers start), so that two runs on one
 * machine never touch each other's databases.
 */
export const TEST_RUN_ID = process.env.SOA_TEST_RUN_ID ?? String(process.pid);
export const RUN_DATABASE_PREFIX = `${TEST_DATABASE_PREFIX}${TEST_RUN_ID}_`;
export const TEMPLATE_DATABASE = `${RUN_DATABASE_PREFIX}template`;

export function databaseUrl(name: string): string {
  const url = new URL(TEST_ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
