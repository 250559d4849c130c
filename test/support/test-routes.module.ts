import { Controller, Get, HttpCode, Inject, Module, Post } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Public } from '../../src/common/auth/public.decorator';
import { ThrottleGroupOf } from '../../src/common/throttle/throttle.decorators';
import { DATABASE, Database } from '../../src/database/database.tokens';

/** Routes mounted only in tests: failures on purpose, and a route in the auth limit group. */
@Public()
@Controller('__test__')
class TestRoutesController {
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

  @Post('login-like')
  @HttpCode(200)
  @ThrottleGroupOf('auth')
  loginLike(): { ok: true } {
    return { ok: true };
  }
}

@Module({ controllers: [TestRoutesController] })
export class TestRoutesModule {}
