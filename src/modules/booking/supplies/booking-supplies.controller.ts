import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { Int64TextParam } from '../../../common/validation/int-param';
import { JobScope, ScopedJob } from '../../../queue/job-scope';
import { JobStatusDto } from '../../../queue/job-status.dto';
import type { JobStatus } from '../../../queue/queue.service';
import {
  BookingSupplyDetailsDto,
  BookingSupplyDto,
  BookingSupplyListQueryDto,
  BookingSupplyQueryDto,
  BookingSyncStartDto,
  BookingSyncStartedDto,
} from './booking-supplies.dto';
import { BOOKING_SUPPLIES_SYNC_JOB } from './booking-supplies.jobs';
import { BookingSuppliesService } from './booking-supplies.service';

@ApiTags('booking')
@Controller('booking/sync')
export class BookingSuppliesSyncController {
  constructor(private readonly supplies: BookingSuppliesService) {}

  @Post()
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Получить поставки кабинета (FBW) с маркетплейса',
    description: 'Только чтение. Пока синхронизация поставок кабинета не закончена — её jobId и alreadyRunning.',
  })
  @ApiAcceptedResponse({ type: BookingSyncStartedDto })
  start(@Body() body: BookingSyncStartDto): Promise<BookingSyncStartedDto> {
    return this.supplies.startSync(body.mpAccountId);
  }

  @Get('status/:jobId')
  @JobScope([BOOKING_SUPPLIES_SYNC_JOB], 'Задача синхронизации не найдена', { visibleTo: 'account' })
  @ApiOperation({ summary: 'Состояние задачи синхронизации поставок' })
  @ApiOkResponse({ type: JobStatusDto })
  status(@ScopedJob() job: JobStatus): JobStatusDto {
    return job;
  }
}

/** The account's FBW supplies: /booking and /booking/{supplyId} (digits only; the other /booking routes are words). */
@ApiTags('booking')
@Controller('booking')
export class BookingSuppliesController {
  constructor(private readonly supplies: BookingSuppliesService) {}

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Поставки кабинета (FBW)',
    description:
      'Как их оставила последняя синхронизация; по умолчанию новые первыми. shortfall — недостача после приёмки, acceptanceCost — в рублях.',
  })
  @ApiPageResponse(BookingSupplyDto)
  list(@CurrentScope() scope: DataScope, @Query() query: BookingSupplyListQueryDto): Promise<Page<BookingSupplyDto>> {
    return this.supplies.list(scope, query);
  }

  /** The query DTO only checks the query (mpAccountId, no unknown field): the account is the scope's. */
  @Get(':supplyId')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Поставка кабинета с её товарами', description: 'supplyId — номер поставки на маркетплейсе, только цифры.' })
  @ApiOkResponse({ type: BookingSupplyDetailsDto })
  get(
    @CurrentScope() scope: DataScope,
    @Int64TextParam('supplyId') supplyId: string,
    @Query() _query: BookingSupplyQueryDto,
  ): Promise<BookingSupplyDetailsDto> {
    return this.supplies.get(scope, supplyId);
  }
}
