/** Where tests find PostgreSQL and Redis; override with TEST_DATABASE_URL / TEST_REDIS_URL. */
export const TEST_ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEMPLATE_DATABASE = 'soa_test_template';
export const TEST_DATABASE_PREFIX = 'soa_test_';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
