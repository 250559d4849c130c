import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { Body, Controller, Get, HttpCode, Inject, Injectable, Module, OnModuleInit, Post, Query } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { and, count, eq, gte, ilike, SQL, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { AppError } from '../../src/common/errors/app-error';
import { Page, SortablePaginationQueryDto } from '../../src/common/http/pagination.dto';
import {
  IntField,
  NestedArrayField,
  QueryBooleanField,
  QueryIntField,
  StringArrayField,
  StringField,
} from '../../src/common/validation/fields';
import { UuidParam } from '../../src/common/validation/uuid-param';
import { DATABASE, Database } from '../../src/database/database.tokens';
import { escapeLike } from '../../src/database/like';
import { sortedPage } from '../../src/database/query-page';
import { defineJob } from '../../src/queue/job-definition';
import { JobHandler } from '../../src/queue/job-handler.decorator';
import { QueueService } from '../../src/queue/queue.service';

/** The module's own table, created by the module in the test database (no migration knows it). */
const testItems = pgTable('test_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  tags: text('tags').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
const SORT_COLUMNS = { name: testItems.name, price: testItems.price, createdAt: testItems.createdAt };

export const EXAMPLE_PROCESS_JOB = defineJob<{ message: string; workMs: number }>({
  name: 'examples.process',
  queue: 'examples',
  attempts: 3,
  backoffMs: 1000,
});

class ItemCreateDto {
  @StringField({ maxLength: 200 })
  name!: string;

  @IntField({ min: 1, max: 100_000_000 })
  price!: number;

  @StringArrayField({ optional: true, maxItems: 10, maxLength: 50 })
  tags?: string[];
}

class ItemBatchCreateDto {
  @NestedArrayField(() => ItemCreateDto, { maxItems: 100 })
  items!: ItemCreateDto[];
}

class ItemListQueryDto extends SortablePaginationQueryDto(['name', 'price', 'createdAt'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @StringField({ optional: true, maxLength: 200 })
  q?: string;

  @QueryIntField({ optional: true, min: 1 })
  minPrice?: number;

  @QueryBooleanField({ optional: true })
  hasTags?: boolean;
}

class ItemResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() price!: number;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty() createdAt!: Date;
}

class QueueJobCreateDto {
  @StringField({ maxLength: 500 })
  message!: string;

  @IntField({ optional: true, min: 0, max: 60_000, description: 'How long the handler works, ms' })
  workMs?: number;
}

/** Sample routes over a table and a queue, for the behaviour every route shares (validation, pages, errors, jobs). */
@Controller('examples')
class ExamplesTestController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly queues: QueueService,
  ) {}

  @Post('items')
  async create(@Body() body: ItemCreateDto): Promise<ItemResponseDto> {
    const [row] = await this.insert([body]);
    return row;
  }

  @Post('items/batch')
  async createMany(@Body() body: ItemBatchCreateDto): Promise<{ created: number }> {
    return { created: (await this.insert(body.items)).length };
  }

  @Get('items')
  list(@Query() query: ItemListQueryDto): Promise<Page<ItemResponseDto>> {
    const conditions: SQL[] = [];
    if (query.q) conditions.push(ilike(testItems.name, `%${escapeLike(query.q)}%`));
    if (query.minPrice !== undefined) conditions.push(gte(testItems.price, query.minPrice));
    if (query.hasTags !== undefined)
      conditions.push(query.hasTags ? sql`cardinality(${testItems.tags}) > 0` : sql`cardinality(${testItems.tags}) = 0`);
    const where = and(...conditions);
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: testItems.id },
      this.db.select().from(testItems).where(where).$dynamic(),
      this.db.select({ total: count() }).from(testItems).where(where),
    );
  }

  @Get('items/:id')
  async get(@UuidParam('id') id: string): Promise<ItemResponseDto> {
    const [row] = await this.db.select().from(testItems).where(eq(testItems.id, id));
    if (!row) throw AppError.notFound('Элемент не найден');
    return row;
  }

  @Post('queue')
  @HttpCode(202)
  async enqueue(@Body() body: QueueJobCreateDto): Promise<{ jobId: string }> {
    const payload = { message: body.message, workMs: body.workMs ?? 0 };
    return { jobId: await this.queues.enqueue(EXAMPLE_PROCESS_JOB, payload, { jobId: randomUUID() }) };
  }

  @Get('queue/:jobId')
  async jobStatus(@UuidParam('jobId') jobId: string): Promise<{ jobId: string; state: string; result: unknown }> {
    const status = await this.queues.status(EXAMPLE_PROCESS_JOB, jobId);
    if (!status) throw AppError.notFound('Задача не найдена');
    return { jobId, state: status.state, result: status.result };
  }

  private insert(items: ItemCreateDto[]) {
    return this.db
      .insert(testItems)
      .values(items.map((item) => ({ name: item.name, price: item.price, tags: item.tags ?? [] })))
      .returning();
  }
}

@Injectable()
class ExamplesTestSetup implements OnModuleInit {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Two apps on one database start together: the lock keeps their CREATE TABLE from racing. */
  async onModuleInit(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('test_items'))`);
      await tx.execute(sql`
        create table if not exists test_items (
          id uuid primary key default gen_random_uuid(),
          name text not null,
          price integer not null,
          tags text[] not null default '{}',
          created_at timestamptz not null default now()
        )`);
    });
  }
}

@Injectable()
class ExamplesTestJobs {
  /** Echoes its message after workMs: long enough to be seen active, or drained at shutdown. */
  @JobHandler(EXAMPLE_PROCESS_JOB)
  async process(payload: { message: string; workMs: number }): Promise<{ echo: string; processedAt: string }> {
    if (payload.workMs > 0) await sleep(payload.workMs);
    return { echo: payload.message, processedAt: new Date().toISOString() };
  }
}

/** Mounted only by the tests that need sample routes, a sample table and a sample queue. */
@Module({ controllers: [ExamplesTestController], providers: [ExamplesTestSetup, ExamplesTestJobs] })
export class ExamplesTestModule {}
