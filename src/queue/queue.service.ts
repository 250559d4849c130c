import { randomUUID } from 'node:crypto';

import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { Job, JobsOptions, Queue } from 'bullmq';

import { settleWithin } from '../common/runtime/settle-within';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { QuietRedisConnection } from '../redis/quiet-redis-connection';
import { redisOptions } from '../redis/redis.module';
import { JobDefinition, payloadProblem } from './job-definition';
import { JobDiscoveryService } from './job-discovery.service';
import { priorityOf, USER_JOB_PRIORITY } from './job-priority';
import { JobProgress, queuedProgress } from './job-progress';
import { PublicJobState, toPublicJobState } from './job-state';

/** Spec: Background job status. */
export interface JobStatus {
  jobId: string;
  state: PublicJobState;
  progress: JobProgress | null;
  result: unknown;
  failedReason: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** How long a shutdown waits for a queue's connection to open before closing it. */
const QUEUE_READY_WAIT_MS = 2000;

type JobKind = Pick<JobDefinition<unknown>, 'name' | 'queue'>;

/** The deduplication id startOnce gives a job of this kind and key. */
const onceId = (definition: JobKind, key: string) => `${definition.name}|${key}`;

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
    const problem = payloadProblem(definition, payload);
    if (problem) throw new Error(problem);
    const job = await this.queue(definition.queue).add(definition.name, payload, {
      attempts: definition.attempts ?? 1,
      priority: priorityOf(payload),
      backoff: definition.backoffMs ? { type: 'exponential', delay: definition.backoffMs } : undefined,
      removeOnComplete: { age: 7 * 24 * 3600, count: 10000 },
      removeOnFail: { age: 30 * 24 * 3600 },
      ...options,
    });
    return job.id as string;
  }

  /**
   * Starts a job unless one with the same key (e.g. the job type and account) is still unfinished: then answers that
   * job's id with alreadyRunning. BullMQ's deduplication decides inside one Redis script, so concurrent requests and
   * replicas agree; the key frees itself when the job completes or fails. A user's start that finds a scheduled job
   * of the key not started yet makes it the user's (`takeOver`).
   */
  async startOnce<P>(
    definition: JobDefinition<P>,
    payload: P,
    key: string,
    options: JobsOptions = {},
  ): Promise<{ jobId: string; alreadyRunning: boolean }> {
    const requested = randomUUID();
    const jobId = await this.enqueue(definition, payload, {
      ...options,
      jobId: requested,
      deduplication: { id: onceId(definition, key) },
    });
    const alreadyRunning = jobId !== requested;
    if (alreadyRunning && priorityOf(payload) === USER_JOB_PRIORITY) await this.takeOver(definition, jobId);
    return { jobId, alreadyRunning };
  }

  /**
   * A scheduled job not started yet becomes a user's: its data loses the scheduled mark (so that it waits for a busy
   * account instead of ending skipped) and it goes ahead of scheduled jobs; a delayed one (a token wait, a retry's
   * pause) keeps its time. A job that a worker took meanwhile reads its data again before giving way to a busy account
   * (AccountJobs), so it waits as the user's job.
   */
  private async takeOver(definition: JobKind, jobId: string): Promise<void> {
    const job = await this.queue(definition.queue).getJob(jobId);
    const data = job?.data as { trigger?: unknown } | undefined;
    if (!job || data?.trigger !== 'scheduled') return;
    const state = await job.getState();
    if (state !== 'waiting' && state !== 'prioritized' && state !== 'delayed') return;
    const { trigger: _scheduled, ...userData } = data;
    await job.updateData(userData);
    await job.changePriority({ priority: USER_JOB_PRIORITY });
  }

  /** The job startOnce started with this key while it is unfinished; undefined once it has ended. */
  async unfinished(definition: JobKind, key: string): Promise<Job | undefined> {
    const jobId = await this.queue(definition.queue).getDeduplicationJobId(onceId(definition, key));
    return jobId === null ? undefined : ((await this.queue(definition.queue).getJob(jobId)) ?? undefined);
  }

  /** The job if it is of one of these kinds; undefined when it is unknown, expired or of another kind. */
  async find(definitions: readonly JobKind[], jobId: string): Promise<Job | undefined> {
    for (const queue of new Set(definitions.map((definition) => definition.queue))) {
      const job = await this.queue(queue).getJob(jobId);
      if (job && definitions.some((definition) => definition.name === job.name)) return job;
    }
    return undefined;
  }

  /** The read model of a job (spec: Background job status), or null when it is unknown or expired. */
  async status(definition: JobKind, jobId: string): Promise<JobStatus | null> {
    // The state first: read after the job, a job finishing in between would show completed without its result.
    const state = await this.queue(definition.queue).getJobState(jobId);
    const job = await this.queue(definition.queue).getJob(jobId);
    if (!job || job.name !== definition.name) return null;
    const reported = typeof job.progress === 'object' && job.progress !== null ? (job.progress as JobProgress) : null;
    const publicState = toPublicJobState(state);
    return {
      jobId,
      state: publicState,
      progress: reported ?? (publicState === 'pending' ? queuedProgress(job, state === 'delayed') : null),
      result: job.returnvalue ?? null,
      failedReason: job.failedReason ?? null,
      createdAt: new Date(job.timestamp),
      finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(
      [...this.queues.values()].map(async (queue) => {
        // A queue closed while its connection still opens leaves an unhandled rejection behind (a queue the schedulers'
        // registration opened just before the shutdown).
        await settleWithin(queue.waitUntilReady(), QUEUE_READY_WAIT_MS);
        await queue.close();
      }),
    );
  }
}
