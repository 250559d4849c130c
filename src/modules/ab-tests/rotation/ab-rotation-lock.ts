import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AccountRunLock } from '../../../queue/account-run-lock';
import { REDIS } from '../../../redis/redis.module';

/** One rotation run per account at a time: two runs never write one card's media side by side. */
@Injectable()
export class AbRotationLock extends AccountRunLock {
  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    super(redis, config, 'ab-rotation', 'По этому кабинету уже идёт шаг A/B-теста, повторите позже');
  }
}
