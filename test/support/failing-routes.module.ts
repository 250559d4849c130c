import { Controller, Get, Inject, Module } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Public } from '../../src/common/auth/public.decorator';
import { DATABASE, Database } from '../../src/database/database.tokens';

/** Routes that fail on purpose, mounted only in tests. */
@Public()
@Controller('__test__')
class FailingRoutesController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  @Get('crash')
  crash(): never {
    throw new Error('secret internal detail: connection string postgres://user:pw@db');
  }

  @Get('slow-query')
  async slowQuery(): Promise<unknown> {
    await this.db.execute(sql`select pg_sleep(2)`);
    return { done: true };
  }
}

@Module({ controllers: [FailingRoutesController] })
export class FailingRoutesModule {}
