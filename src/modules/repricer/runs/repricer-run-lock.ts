import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AccountRunLock } from '../../../queue/account-run-lock';
import { REDIS } from '../../../redis/redis.module';

/** One repricer run per account at a time (the lease under the repricer's key). */
@Injectable()
export class RepricerRunLock extends AccountRunLock {
  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    super(redis, config, 'repricer', 'По этому кабинету уже идёт запуск репрайсера, повторите позже');
  }
}
