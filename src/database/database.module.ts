import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import * as schema from './schema';
import { DATABASE, PG_POOL } from './database.tokens';

function createPool(config: AppConfig): Pool {
  return new Pool({
    connectionString: config.database.url,
    max: config.database.poolMax,
    // 0 means no limit (spec: Limits, database statement timeout).
    statement_timeout: config.database.statementTimeoutMs || undefined,
    connectionTimeoutMillis: 5000,
    application_name: `seller-operations-${config.role}`,
  });
}

@Global()
@Module({
  providers: [
    { provide: PG_POOL, inject: [APP_CONFIG], useFactory: createPool },
    { provide: DATABASE, inject: [PG_POOL], useFactory: (pool: Pool) => drizzle(pool, { schema }) },
  ],
  exports: [DATABASE, PG_POOL],
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
