import { Inject, Injectable } from '@nestjs/common';
import { parseExpression } from 'cron-parser';

import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JobDefinition, JobSchedule } from './job-definition';
import { JobDiscoveryService } from './job-discovery.service';
import { SCHEDULED_JOB_PRIORITY } from './job-priority';
import { QueueService } from './queue.service';

/** A schedule that does not tick: no scheduler in Redis, or its tick overdue. */
export interface ScheduleProblem {
  name: string;
  problem: 'missing' | 'late';
  /** When the scheduler's next tick is (was) due; null when it is missing. */
  nextRunAt: Date | null;
}

/** The ticks of a schedule from `from` (excluded) on, up to `count` of them or until `until`, in epoch milliseconds. */
export function scheduleTicks(schedule: JobSchedule, config: AppConfig, from: Date, { count = Infinity, until = Infinity } = {}): number[] {
  const ticks: number[] = [];
  if ('every' in schedule) {
    const every = schedule.every(config);
    for (let tick = Math.floor((from.getTime() - schedule.offsetMs) / every + 1) * every + schedule.offsetMs; ; tick += every) {
      if (ticks.length >= count || tick > until) return ticks;
      ticks.push(tick);
    }
  }
  const cron = parseExpression(schedule.pattern, { tz: schedule.tz, currentDate: from });
  for (;;) {
    const tick = cron.next().getTime();
    if (ticks.length >= count || tick > until) return ticks;
    ticks.push(tick);
  }
}

/** The time between two ticks of a schedule: for a cron pattern, between its next two ticks from `from`. */
export function scheduleIntervalMs(schedule: JobSchedule, config: AppConfig, from = new Date()): number {
  const [first, second] = scheduleTicks(schedule, config, from, { count: 2 });
  return second - first;
}

/** The job schedulers of this build: registers the missing ones and tells which do not tick. */
@Injectable()
export class JobSchedules {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: JobDiscoveryService,
    private readonly queues: QueueService,
  ) {}

  private scheduled(): JobDefinition<unknown>[] {
    return this.discovery
      .all()
      .map(({ definition }) => definition)
      .filter((definition) => definition.schedule);
  }

  /**
   * Upserts the scheduler of each scheduled job (idempotent across replicas: the next job's id is the scheduler's and
   * its time); `onlyMissing`, only of those that have none or whose next job is gone. At start every one is upserted,
   * so that a changed pattern replaces the old. Stops between two when `stopping` says so.
   */
  async register(onlyMissing: boolean, stopping: () => boolean): Promise<string[]> {
    const registered: string[] = [];
    for (const definition of this.scheduled()) {
      // A queue opened now would be opened after the shutdown closed the others.
      if (stopping()) break;
      const queue = this.queues.queue(definition.queue);
      const scheduler = await queue.getJobScheduler(definition.name);
      if (onlyMissing && scheduler?.next !== undefined && (await queue.getJob(`repeat:${definition.name}:${scheduler.next}`))) continue;
      const schedule = definition.schedule!;
      const repeat = 'every' in schedule ? { every: schedule.every(this.config), offset: schedule.offsetMs } : schedule;
      await queue.upsertJobScheduler(definition.name, repeat, {
        name: definition.name,
        data: {},
        opts: { priority: SCHEDULED_JOB_PRIORITY },
      });
      registered.push(definition.name);
    }
    return registered;
  }

  /**
   * Schedules missing in Redis, or late: their tick overdue by more than an interval, i.e. no tick for over twice
   * the interval (no worker takes them). None while this deployment runs no schedules.
   */
  async problems(now = Date.now()): Promise<ScheduleProblem[]> {
    if (!this.config.queues.schedulesEnabled) return [];
    const problems: ScheduleProblem[] = [];
    for (const definition of this.scheduled()) {
      const scheduler = await this.queues.queue(definition.queue).getJobScheduler(definition.name);
      if (scheduler?.next === undefined) {
        problems.push({ name: definition.name, problem: 'missing', nextRunAt: null });
        continue;
      }
      const intervalMs = scheduleIntervalMs(definition.schedule!, this.config, new Date(scheduler.next));
      if (now - scheduler.next > intervalMs) problems.push({ name: definition.name, problem: 'late', nextRunAt: new Date(scheduler.next) });
    }
    return problems;
  }
}
