import { Controller, Inject, Module, Param, ParseIntPipe, Post } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { Public } from '../../src/common/auth/public.decorator';
import { DATABASE, Database } from '../../src/database/database.tokens';

/** PostgreSQL raises a deadlock (40P01) or a serialization failure (40001) on the first `failures` attempts of a statement. */
function failingStatement(code: string, failures: number) {
  return sql.raw(
    `DO $$ BEGIN IF nextval('probe_attempts') <= ${failures} THEN RAISE EXCEPTION 'concurrent change' USING ERRCODE = '${code}'; END IF; END $$`,
  );
}

/** Test-only routes whose statements fail: like concurrent work would (the answer counts the attempts PostgreSQL saw), or refused. */
@Controller('__probe__')
class DatabaseProbeController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  @Post('reset')
  @Public()
  async reset(): Promise<void> {
    await this.db.execute(sql`create sequence if not exists probe_attempts`);
    await this.db.execute(sql`alter sequence probe_attempts restart`);
  }

  @Post('attempts')
  @Public()
  async attempts(): Promise<{ attempts: number }> {
    const result = await this.db.execute<{ attempts: string }>(
      sql`select case when is_called then last_value else 0 end as attempts from probe_attempts`,
    );
    return { attempts: Number(result.rows[0].attempts) };
  }

  /** A statement PostgreSQL refuses (no such table) whose parameter is a secret. */
  @Post('unknown-table/:secret')
  @Public()
  async unknownTable(@Param('secret') secret: string): Promise<void> {
    await this.db.execute(sql`select ${secret}::text as secret from no_such_table`);
  }

  @Post('statement/:code/:failures')
  @Public()
  async statement(@Param('code') code: string, @Param('failures', ParseIntPipe) failures: number): Promise<void> {
    await this.db.execute(failingStatement(code, failures));
  }

  @Post('transaction/:code/:failures')
  @Public()
  async transaction(@Param('code') code: string, @Param('failures', ParseIntPipe) failures: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(failingStatement(code, failures));
    });
  }
}

@Module({ controllers: [DatabaseProbeController] })
export class DatabaseProbeModule {}
