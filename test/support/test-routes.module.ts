import { Body, Controller, Get, HttpCode, Inject, Module, Param, Post, Req } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

import { Public } from '../../src/common/auth/public.decorator';
import { AccountScope, BrandScope } from '../../src/common/auth/scope.guard';
import { AcceptsMultipart } from '../../src/common/http/request-bodies';
import { ThrottleGroupOf } from '../../src/common/throttle/throttle.decorator';
import { DATABASE, Database } from '../../src/database/database.tokens';

/** Routes mounted only in tests: failures on purpose, a route in the auth limit group, a file upload, scoped sample routes. */
@Controller('__test__')
class TestRoutesController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  @Get('crash')
  @Public()
  crash(): never {
    throw new Error('secret internal detail: connection string postgres://user:pw@db');
  }

  @Get('slow-query')
  @Public()
  async slowQuery(): Promise<unknown> {
    await this.db.execute(sql`select pg_sleep(2)`);
    return { done: true };
  }

  @Post('login-like')
  @Public()
  @HttpCode(200)
  @ThrottleGroupOf('auth')
  loginLike(): { ok: true } {
    return { ok: true };
  }

  @Post('upload')
  @Public()
  @HttpCode(200)
  @AcceptsMultipart()
  async upload(@Req() request: FastifyRequest): Promise<{ bytes: number }> {
    let bytes = 0;
    for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
    return { bytes };
  }

  @Get('accounts/:mpAccountId')
  @AccountScope({ from: 'param' })
  accountByPath(@Param('mpAccountId') mpAccountId: string): { mpAccountId: string } {
    return { mpAccountId };
  }

  @Post('accounts')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  accountInBody(@Body() body: { mpAccountId: string }): { mpAccountId: string } {
    return { mpAccountId: body.mpAccountId };
  }

  @Get('brands/:brandId')
  @BrandScope()
  brand(@Param('brandId') brandId: string): { brandId: string } {
    return { brandId };
  }
}

@Module({ controllers: [TestRoutesController] })
export class TestRoutesModule {}
