import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';

import { errorSummary } from '../common/errors/error-log';
import { settleWithin } from '../common/runtime/settle-within';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { QuietRedisConnection } from '../redis/quiet-redis-connection';
import { redisOptions } from '../redis/redis.module';
import { triggerOf } from './account-jobs';
import { payloadProblem } from './job-definition';
import { JobDiscoveryService } from './job-discovery.service';
import { settleJobError } from './job-outcome';
import { runJobHandler } from './job-priority';
import { JobSchedules } from './job-schedules';

const WORKER_READY_WAIT_MS = 2000;
const SCHEDULE_RETRY_MS = 5000;

/** Consumer side: workers and schedulers run only in the worker and all roles. */
@Injectable()
export class QueueWorkersService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly workers: Worker[] = [];
  private stopping = false;
  /** The schedulers' check while it runs: a shutdown lets the upsert in flight end before the queues close. */
  private registration: Promise<void> = Promise.resolve();
  private nextCheck: NodeJS.Timeout | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: JobDiscoveryService,
    private readonly schedules: JobSchedules,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    for (const name of this.discovery.queueNames()) {
      const worker = new Worker(
        name,
        (job, token) => this.process(job, token),
        {
          connection: { ...redisOptions(this.config), maxRetriesPerRequest: null },
          prefix: this.config.redis.prefix,
          concurrency: this.config.queues.syncConcurrency,
          lockDuration: this.config.queues.lockDurationMs,
          stalledInterval: this.config.queues.stalledIntervalMs,
        },
        QuietRedisConnection,
      );
      worker.on('error', (error) => this.logger.warn(`queue ${name}: ${error.message}`));
      worker.on('failed', (job, error) =>
        this.logger.warn(
          { queue: name, job: job?.name, jobId: job?.id, err: error.message, cause: errorSummary(error.cause) },
          'job failed',
        ),
      );
      this.workers.push(worker);
    }
    // In the background: a Redis outage at start must not hold up the HTTP side of the all role.
    if (this.config.queues.schedulesEnabled) this.registration = this.registerSchedules();
  }

  private async process(job: Job, token: string | undefined): Promise<unknown> {
    const discovered = this.discovery.get(job.name);
    // A job enqueued by a newer build that this process does not know: fail it visibly rather than drop it.
    if (!discovered) throw new Error(`No handler for job ${job.name}`);
    const problem = payloadProblem(discovered.definition, job.data);
    if (problem) throw new UnrecoverableError(problem);
    try {
      return await runJobHandler(triggerOf(job) === 'scheduled', () => discovered.handle(job.data, job));
    } catch (error) {
      return settleJobError(job, token, error, discovered);
    }
  }

  /**
   * Registers every scheduler, then the missing ones every SCHEDULES_CHECK_INTERVAL_MS, so that schedules come back
   * after Redis lost its data; while Redis does not answer, it tries again sooner.
   */
  private async registerSchedules(onlyMissing = false): Promise<void> {
    let registered = false;
    try {
      const names = await this.schedules.register(onlyMissing, () => this.stopping);
      if (onlyMissing && names.length > 0) this.logger.warn(`job schedules missing in Redis, registered again: ${names.join(', ')}`);
      registered = true;
    } catch (error) {
      this.logger.warn(`job schedules not registered yet: ${(error as Error).message}`);
    }
    if (this.stopping) return;
    const waitMs = registered ? this.config.queues.scheduleCheckIntervalMs : SCHEDULE_RETRY_MS;
    this.nextCheck = setTimeout(() => (this.registration = this.registerSchedules(onlyMissing || registered)), waitMs);
  }

  /** Runs before pools close: each worker finishes its active jobs; main bounds the wait with SHUTDOWN_TIMEOUT_MS. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.nextCheck);
    await settleWithin(this.registration, WORKER_READY_WAIT_MS);
    await Promise.all(
      this.workers.map(async (worker) => {
        // BullMQ's blocking connection, closed while still opening, leaves an unhandled rejection behind.
        await settleWithin(worker.waitUntilReady(), WORKER_READY_WAIT_MS);
        await worker.close();
      }),
    );
  }
}
