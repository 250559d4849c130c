import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { retryConcurrencyFailures } from './concurrency-retry';
import { DATABASE, Database, PG_POOL } from './database.tokens';
import * as schema from './schema';
import { Transactions } from './transaction';

function createPool(config: AppConfig): Pool {
  return new Pool({
    connectionString: config.database.url,
    max: config.database.poolMax,
    // 0 means no limit (spec: Limits, database statement timeout).
    statement_timeout: config.database.statementTimeoutMs || undefined,
    // No free connection (all busy, or the server unreachable) within this time answers 503 instead of waiting.
    connectionTimeoutMillis: config.database.connectionTimeoutMs,
    application_name: `seller-operations-${config.role}`,
    // Named (prepared) statements are planned for their values on every run, like unnamed ones: a generic plan, which
    // PostgreSQL may keep after five runs, estimates an account's rows by the average account and a search by no pattern.
    options: '-c plan_cache_mode=force_custom_plan',
  });
}

function createDatabase(pool: Pool): Database {
  const db = drizzle(pool, { schema });
  retryConcurrencyFailures(pool, db);
  return db;
}

@Global()
@Module({
  providers: [
    { provide: PG_POOL, inject: [APP_CONFIG], useFactory: createPool },
    { provide: DATABASE, inject: [PG_POOL], useFactory: createDatabase },
    Transactions,
  ],
  exports: [DATABASE, PG_POOL, Transactions],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
