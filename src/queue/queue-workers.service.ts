import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { settleWithin } from '../common/runtime/settle-within';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JobDiscoveryService } from './job-discovery.service';
import { QueueService } from './queue.service';
import { QuietRedisConnection } from './quiet-redis-connection';
import { redisOptions } from './redis.module';

const WORKER_READY_WAIT_MS = 2000;

/** Consumer side: workers and schedulers run only in the worker and all roles. */
@Injectable()
export class QueueWorkersService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: JobDiscoveryService,
    private readonly queues: QueueService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    for (const name of this.discovery.queueNames()) {
      const worker = new Worker(
        name,
        (job) => this.process(job),
        { connection: { ...redisOptions(this.config), maxRetriesPerRequest: null }, prefix: this.config.redis.prefix, concurrency: this.config.queues.syncConcurrency },
        QuietRedisConnection,
      );
      worker.on('error', (error) => this.logger.warn(`queue ${name}: ${error.message}`));
      worker.on('failed', (job, error) => this.logger.warn({ queue: name, job: job?.name, jobId: job?.id, err: error.message }, 'job failed'));
      this.workers.push(worker);
    }
    await this.upsertSchedules();
  }

  private async process(job: Job): Promise<unknown> {
    const discovered = this.discovery.get(job.name);
    // A job enqueued by a newer build that this process does not know: fail it visibly rather than drop it.
    if (!discovered) throw new Error(`No handler for job ${job.name}`);
    return discovered.handle(job.data, job);
  }

  private async upsertSchedules(): Promise<void> {
    for (const { definition } of this.discovery.all()) {
      if (!definition.schedule) continue;
      await this.queues.queue(definition.queue).upsertJobScheduler(
        definition.name,
        { pattern: definition.schedule.pattern, tz: definition.schedule.tz },
        { name: definition.name, data: {} },
      );
    }
  }

  /** Runs before pools close: each worker finishes its active jobs; main bounds the wait with SHUTDOWN_TIMEOUT_MS. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        // BullMQ's blocking connection, closed while still opening, leaves an unhandled rejection behind.
        await settleWithin(worker.waitUntilReady(), WORKER_READY_WAIT_MS);
        await worker.close();
      }),
    );
  }
}
