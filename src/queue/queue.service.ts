import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JobDefinition } from './job-definition';
import { JobDiscoveryService } from './job-discovery.service';
import { QuietRedisConnection } from './quiet-redis-connection';
import { redisOptions } from './redis.module';

/** Producer side of the queues: any role may enqueue. Queues are opened on first use. */
@Injectable()
export class QueueService implements BeforeApplicationShutdown {
  private readonly queues = new Map<string, Queue>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: JobDiscoveryService,
  ) {}

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: redisOptions(this.config), prefix: this.config.redis.prefix }, QuietRedisConnection);
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Every queue that has a job handler in this build. */
  allQueues(): Queue[] {
    return this.discovery.queueNames().map((name) => this.queue(name));
  }

  async enqueue<P>(definition: JobDefinition<P>, payload: P, options: JobsOptions = {}): Promise<string> {
    const job = await this.queue(definition.queue).add(definition.name, payload, {
      attempts: definition.attempts ?? 1,
      backoff: definition.backoffMs ? { type: 'exponential', delay: definition.backoffMs } : undefined,
      removeOnComplete: { age: 7 * 24 * 3600, count: 10000 },
      removeOnFail: { age: 30 * 24 * 3600 },
      ...options,
    });
    return job.id as string;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
