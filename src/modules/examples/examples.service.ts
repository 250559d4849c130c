import { randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';

import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/http/pagination.dto';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { QueueService } from '../../queue/queue.service';
import { REDIS, redisKey } from '../../queue/redis.module';
import {
  ExampleItemCreateDto,
  ExampleItemListQueryDto,
  ExampleItemResponseDto,
  ExampleQueueJobCreateDto,
  ExampleQueueJobStatusDto,
} from './examples.dto';
import { EXAMPLE_PROCESS_JOB, ExampleProcessPayload } from './examples.jobs';
import { ExamplesRepository } from './examples.repository';

const ITEM_NOT_FOUND = 'Элемент не найден';
const JOB_NOT_FOUND = 'Задача не найдена';
/** The states of a job that is not finished. */
const UNFINISHED = ['waiting', 'prioritized', 'delayed', 'active', 'paused', 'waiting-children'] as const;
/** How long one user's enqueue holds the check of their bound against a parallel one. */
const ENQUEUE_LOCK_MS = 5000;

/** null for an admin (sees everything), otherwise the user whose items and jobs are visible. */
function visibleTo(user: AuthenticatedUser): string | null {
  return user.role === 'admin' ? null : user.id;
}

@Injectable()
export class ExamplesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly repository: ExamplesRepository,
    private readonly queues: QueueService,
  ) {}

  async create(user: AuthenticatedUser, input: ExampleItemCreateDto): Promise<ExampleItemResponseDto> {
    const [row] = await this.repository.insertMany(user.id, [input]);
    return row;
  }

  async createMany(user: AuthenticatedUser, items: ExampleItemCreateDto[]): Promise<{ created: number }> {
    const rows = await this.repository.insertMany(user.id, items);
    return { created: rows.length };
  }

  async get(user: AuthenticatedUser, id: string): Promise<ExampleItemResponseDto> {
    const row = await this.repository.findById(id, visibleTo(user));
    if (!row) throw AppError.notFound(ITEM_NOT_FOUND);
    return row;
  }

  list(user: AuthenticatedUser, query: ExampleItemListQueryDto): Promise<Page<ExampleItemResponseDto>> {
    return this.repository.findPage(query, visibleTo(user));
  }

  /**
   * At most EXAMPLES_MAX_QUEUED_JOBS_PER_USER unfinished jobs per user; one more is 429. A per-user lock makes the
   * count and the enqueue one step, so that a parallel burst cannot pass the bound; an enqueue meeting the lock is 429 too.
   */
  async enqueue(user: AuthenticatedUser, input: ExampleQueueJobCreateDto): Promise<{ jobId: string }> {
    const max = this.config.examples.maxQueuedJobsPerUser;
    const tooMany = new AppError('TOO_MANY_REQUESTS', `Не больше ${max} незавершённых задач в очереди на пользователя`);
    const lock = redisKey(this.config, 'examples', 'enqueue', user.id);
    if ((await this.redis.set(lock, '1', 'PX', ENQUEUE_LOCK_MS, 'NX')) !== 'OK') throw tooMany;
    try {
      if ((await this.unfinishedJobsOf(user.id)) >= max) throw tooMany;
      const payload: ExampleProcessPayload = { ownerId: user.id, message: input.message, workMs: input.workMs ?? 0 };
      return { jobId: await this.queues.enqueue(EXAMPLE_PROCESS_JOB, payload, { jobId: randomUUID() }) };
    } finally {
      await this.redis.del(lock);
    }
  }

  async jobStatus(user: AuthenticatedUser, jobId: string): Promise<ExampleQueueJobStatusDto> {
    const owner = visibleTo(user);
    if (owner) {
      const job = await this.queues.find([EXAMPLE_PROCESS_JOB], jobId);
      if ((job?.data as ExampleProcessPayload | undefined)?.ownerId !== owner) throw AppError.notFound(JOB_NOT_FOUND);
    }
    const status = await this.queues.status(EXAMPLE_PROCESS_JOB, jobId);
    if (!status) throw AppError.notFound(JOB_NOT_FOUND);
    return { jobId, state: status.state, result: status.result as ExampleQueueJobStatusDto['result'] };
  }

  private async unfinishedJobsOf(userId: string): Promise<number> {
    const jobs = await this.queues.queue(EXAMPLE_PROCESS_JOB.queue).getJobs([...UNFINISHED]);
    return jobs.filter((job) => job.name === EXAMPLE_PROCESS_JOB.name && (job.data as ExampleProcessPayload).ownerId === userId).length;
  }
}
