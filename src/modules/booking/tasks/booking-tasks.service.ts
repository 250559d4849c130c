import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import type { Page, PaginationQueryDto } from '../../../common/http/pagination.dto';
import { moscowToday } from '../../../common/time/moscow-time';
import { BookingTaskStatus } from '../../../database/schema/booking';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { InventoryPlansReader, PLAN_NOT_FOUND } from '../../inventory/plans/inventory-plans.reader';
import { assertTaskDates, WATCHED_STATUSES } from '../monitor/slot-decisions';
import {
  BookingMatchResponseDto,
  BookingTaskCreateDto,
  BookingTaskListQueryDto,
  BookingTaskResponseDto,
  BookingTaskUpdateDto,
} from './booking-tasks.dto';
import { BookingTaskRow, BookingTasksRepository } from './booking-tasks.repository';

export const BOOKING_TASK_NOT_FOUND = 'Задача поиска слотов не найдена';
const ENTITY = 'booking-task';
const DEFAULT_MIN_LEAD_DAYS = 1;

/** A task may be changed or paused while it still watches or waits; booked, accepted, expired and cancelled ones are settled. */
const CHANGEABLE: readonly BookingTaskStatus[] = [...WATCHED_STATUSES, 'paused'];

function toResponse(row: BookingTaskRow): BookingTaskResponseDto {
  const { bookedAt: _bookedAt, ...task } = row;
  return task;
}

function auditedFields(row: BookingTaskRow): Record<string, unknown> {
  const { warehouseIds, boxTypeId, dateFrom, dateTo, maxCoefficient, minLeadDays, planId, status } = row;
  return { warehouseIds, boxTypeId, dateFrom, dateTo, maxCoefficient, minLeadDays, planId, status, barcodes: row.barcodes?.length ?? 0 };
}

function settled(row: BookingTaskRow): AppError {
  return new AppError('CONFLICT', `Задача в состоянии ${row.status}: её уже нельзя изменить`, { details: { status: row.status } });
}

@Injectable()
export class BookingTasksService {
  constructor(
    private readonly repository: BookingTasksRepository,
    private readonly audit: AuditService,
    private readonly plans: InventoryPlansReader,
  ) {}

  async create(actor: AuthenticatedUser, input: BookingTaskCreateDto, meta: RequestMeta): Promise<BookingTaskResponseDto> {
    assertTaskDates(input, moscowToday(new Date()));
    if (input.planId !== undefined) await this.assertPlan(input.mpAccountId, input.planId);
    const row = await this.repository.insert({ ...input, minLeadDays: input.minLeadDays ?? DEFAULT_MIN_LEAD_DAYS });
    await this.audit.record(settingChange('booking.task.create', actor, ENTITY, row, { task: auditedFields(row) }, meta));
    return toResponse(row);
  }

  async list(scope: DataScope, query: BookingTaskListQueryDto): Promise<Page<BookingTaskResponseDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: page.items.map(toResponse), meta: page.meta };
  }

  async get(scope: DataScope, id: string): Promise<BookingTaskResponseDto> {
    return toResponse(await this.found(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    change: BookingTaskUpdateDto,
    meta: RequestMeta,
  ): Promise<BookingTaskResponseDto> {
    const stored = await this.found(scope, id);
    if (!CHANGEABLE.includes(stored.status)) throw settled(stored);
    if (change.dateFrom !== undefined || change.dateTo !== undefined) assertTaskDates({ ...stored, ...change }, moscowToday(new Date()));
    if (change.planId !== undefined) await this.assertPlan(stored.mpAccountId, change.planId);
    const row = await this.repository.updateFrom(id, CHANGEABLE, change);
    if (!row) throw settled(await this.found(scope, id));
    await this.audit.record(
      settingChange('booking.task.update', actor, ENTITY, row, { changed: Object.keys(change), task: auditedFields(row) }, meta),
    );
    return toResponse(row);
  }

  /** DELETE keeps the row, cancelled, with its matches. */
  async cancel(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.found(scope, id);
    if (stored.status === 'cancelled') return;
    const row = await this.repository.updateFrom(id, [stored.status], { status: 'cancelled' });
    if (!row) throw new AppError('CONFLICT', 'Задача изменилась одновременно с удалением: повторите');
    await this.repository.closeOpenMatches(id);
    await this.audit.record(settingChange('booking.task.delete', actor, ENTITY, row, { task: auditedFields(stored) }, meta));
  }

  async pause(scope: DataScope, id: string): Promise<BookingTaskResponseDto> {
    const stored = await this.found(scope, id);
    if (stored.status === 'paused') return toResponse(stored);
    const row = await this.repository.updateFrom(id, WATCHED_STATUSES, { status: 'paused' });
    if (!row) throw settled(stored);
    await this.repository.closeOpenMatches(id);
    return toResponse(row);
  }

  /** Back to watching; a task whose last day has passed meanwhile expires instead. */
  async resume(scope: DataScope, id: string): Promise<BookingTaskResponseDto> {
    const stored = await this.found(scope, id);
    if (WATCHED_STATUSES.includes(stored.status)) return toResponse(stored);
    const status = stored.dateTo < moscowToday(new Date()) ? 'expired' : 'active';
    const row = await this.repository.updateFrom(id, ['paused'], { status });
    if (!row) throw settled(stored);
    return toResponse(row);
  }

  async matches(scope: DataScope, id: string, page: PaginationQueryDto): Promise<Page<BookingMatchResponseDto>> {
    await this.found(scope, id);
    const found = await this.repository.matchesPage(id, page);
    return {
      items: found.items.map(({ id: matchId, date, warehouseId, warehouseName, boxTypeId, coefficient, seenAt, goneAt }) => ({
        id: matchId,
        date,
        warehouseId,
        warehouseName,
        boxTypeId,
        coefficient,
        seenAt,
        goneAt,
      })),
      meta: found.meta,
    };
  }

  /** A task is started from a plan of its own account; another account's plan is as missing as an unknown one. */
  private async assertPlan(mpAccountId: string, planId: string): Promise<void> {
    if (!(await this.plans.exists(mpAccountId, planId))) throw AppError.notFound(PLAN_NOT_FOUND);
  }

  private async found(scope: DataScope, id: string): Promise<BookingTaskRow> {
    const row = await this.repository.find(scope.accountId, id);
    if (!row) throw AppError.notFound(BOOKING_TASK_NOT_FOUND);
    return row;
  }
}
