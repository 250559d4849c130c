import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import Redis from 'ioredis';

import { AppError } from '../../common/errors/app-error';
import { settleWithin } from '../../common/runtime/settle-within';
import { DATABASE, Database } from '../../database/database.tokens';
import { JobSchedules } from '../../queue/job-schedules';
import { REDIS } from '../../redis/redis.module';
import { HealthResponseDto } from './health.dto';

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2000;

async function check(work: Promise<unknown>): Promise<'up' | 'down'> {
  return (await settleWithin(work, CHECK_TIMEOUT_MS)) ? 'up' : 'down';
}

const NAMES = { database: 'PostgreSQL', redis: 'Redis' } as const;

@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly schedules: JobSchedules,
  ) {}

  async readiness(): Promise<HealthResponseDto> {
    const [database, redis] = await Promise.all([check(this.db.execute(sql`select 1`)), check(this.redis.ping())]);
    const checks = { database, redis };
    const failed = (Object.keys(checks) as (keyof typeof checks)[]).filter((name) => checks[name] === 'down');
    if (failed.length > 0) {
      throw new AppError('SERVICE_UNAVAILABLE', `Недоступно: ${failed.map((name) => NAMES[name]).join(', ')}`, { details: { checks } });
    }
    const schedules = await this.schedules.problems();
    return {
      status: 'ok',
      checks: { database: 'up', redis: 'up' },
      schedules: schedules.map((schedule) => ({ ...schedule, nextRunAt: schedule.nextRunAt?.toISOString() ?? null })),
    };
  }
}
