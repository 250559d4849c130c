import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/http/pagination.dto';
import { QueueService } from '../../queue/queue.service';
import {
  ExampleItemCreateDto,
  ExampleItemListQueryDto,
  ExampleItemResponseDto,
  ExampleQueueJobCreateDto,
  ExampleQueueJobStatusDto,
} from './examples.dto';
import { EXAMPLE_PROCESS_JOB } from './examples.jobs';
import { ExamplesRepository } from './examples.repository';

@Injectable()
export class ExamplesService {
  constructor(
    private readonly repository: ExamplesRepository,
    private readonly queues: QueueService,
  ) {}

  async create(input: ExampleItemCreateDto): Promise<ExampleItemResponseDto> {
    const [row] = await this.repository.insertMany([input]);
    return row;
  }

  async createMany(items: ExampleItemCreateDto[]): Promise<{ created: number }> {
    const rows = await this.repository.insertMany(items);
    return { created: rows.length };
  }

  async get(id: string): Promise<ExampleItemResponseDto> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound('Элемент не найден');
    return row;
  }

  list(query: ExampleItemListQueryDto): Promise<Page<ExampleItemResponseDto>> {
    return this.repository.findPage(query);
  }

  async enqueue(input: ExampleQueueJobCreateDto): Promise<{ jobId: string }> {
    const jobId = await this.queues.enqueue(EXAMPLE_PROCESS_JOB, { message: input.message, workMs: input.workMs ?? 0 });
    return { jobId };
  }

  async jobStatus(jobId: string): Promise<ExampleQueueJobStatusDto> {
    const status = await this.queues.status(EXAMPLE_PROCESS_JOB, jobId);
    if (!status) throw AppError.notFound('Задача не найдена');
    return { jobId, state: status.state, result: status.result as ExampleQueueJobStatusDto['result'] };
  }
}
