import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import Redis from 'ioredis';
import { AppError } from '../../common/errors/app-error';
import { DATABASE, Database } from '../../database/database.tokens';
import { REDIS } from '../../queue/redis.module';
import { HealthResponseDto } from './health.dto';

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2000;

type CheckState = 'up' | 'down';

function withTimeout(work: Promise<unknown>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work.then((): CheckState => 'up', (): CheckState => 'down'), timeout]).finally(() => clearTimeout(timer));
}

const NAMES = { database: 'PostgreSQL', redis: 'Redis' } as const;

@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async readiness(): Promise<HealthResponseDto> {
    const [database, redis] = await Promise.all([withTimeout(this.db.execute(sql`select 1`)), withTimeout(this.redis.ping())]);
    const checks = { database, redis };
    const failed = (Object.keys(checks) as (keyof typeof checks)[]).filter((name) => checks[name] === 'down');
    if (failed.length > 0) {
      throw new AppError('SERVICE_UNAVAILABLE', `Недоступно: ${failed.map((name) => NAMES[name]).join(', ')}`, { details: { checks } });
    }
    return { status: 'ok', checks: { database: 'up', redis: 'up' } };
  }
}
