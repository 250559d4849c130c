import type { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

import { AppError } from '../common/errors/app-error';
import { serviceUnavailable } from '../common/errors/unavailable';
import { moscowToday, nextMoscowMidnight } from '../common/time/moscow-time';
import { ENV_DEFINITIONS } from '../config/env-definitions';

/** What the API docs of a route that calls the AI say of the budget. */
export const AI_BUDGET_RULE =
  `Каждый вызов AI расходует дневной бюджет кабинета: не больше ${ENV_DEFINITIONS.LLM_ACCOUNT_DAILY_LIMIT.default} ` +
  'в сутки по Москве (настройка LLM_ACCOUNT_DAILY_LIMIT).';

/** A day's counter outlives its day by this much, so that a replica whose clock lags still counts into it. */
const KEY_GRACE_MS = 3_600_000;

/**
 * Each account's AI calls of a Moscow day, counted in Redis so that every replica shares one count. A call is counted
 * before it is made; one past the day's budget is refused with 429 until the next Moscow midnight. When Redis cannot
 * count it, the call is refused with 503: a spend budget that cannot count must not let calls through.
 */
export class LlmAccountBudget {
  constructor(
    private readonly redis: Redis,
    /** The Redis key of an account's counter of a Moscow day. */
    private readonly keyOf: (accountId: string, day: string) => string,
    private readonly dailyLimit: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** Counts one AI call of the account, or throws without counting a call that may not be made. */
  async take(accountId: string, now = new Date()): Promise<void> {
    const midnight = nextMoscowMidnight(now);
    const used = await this.count(this.keyOf(accountId, moscowToday(now)), midnight.getTime() + KEY_GRACE_MS);
    if (used <= this.dailyLimit) return;
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Дневной бюджет AI-вызовов кабинета исчерпан (${this.dailyLimit} в сутки): AI не вызван, новые вызовы — после полуночи по Москве`,
      {
        details: { maxAiCallsPerDay: this.dailyLimit },
        retryAfterSeconds: Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000)),
      },
    );
  }

  private async count(key: string, expireAtMs: number): Promise<number> {
    try {
      const replies = await this.redis.multi().incr(key).pexpireat(key, expireAtMs).exec();
      const [incrError, used] = replies?.[0] ?? [new Error('transaction discarded')];
      if (incrError) throw incrError;
      return Number(used);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'AI budget not counted: Redis unavailable');
      throw serviceUnavailable('Дневной бюджет AI-вызовов сейчас не проверить: AI не вызван, повторите запрос позже', error);
    }
  }
}
