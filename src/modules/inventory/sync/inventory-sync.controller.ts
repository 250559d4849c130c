import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { JobScope, ScopedJob } from '../../../queue/job-scope';
import { JobStatusDto } from '../../../queue/job-status.dto';
import type { JobStatus } from '../../../queue/queue.service';
import { INVENTORY_SYNC_JOB } from '../inventory.jobs';
import { InventorySyncStartDto, InventorySyncStartedDto } from './inventory-sync.dto';
import { InventorySyncService } from './inventory-sync.service';

@ApiTags('inventory')
@Controller('inventory/sync')
export class InventorySyncController {
  constructor(private readonly sync: InventorySyncService) {}

  @Post()
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Получить остатки кабинета с маркетплейса',
    description:
      'Отчёт об остатках по складам маркетплейса, товары в пути из отчёта об остатках на складах WB и остатки складов продавца; ' +
      'результат задачи в sources говорит, какой источник недоступен. Пока синхронизация кабинета не закончена — её jobId и alreadyRunning.',
  })
  @ApiAcceptedResponse({ type: InventorySyncStartedDto })
  start(@Body() body: InventorySyncStartDto): Promise<InventorySyncStartedDto> {
    return this.sync.start(body.mpAccountId);
  }

  @Get('status/:jobId')
  @JobScope([INVENTORY_SYNC_JOB], 'Задача синхронизации не найдена', { visibleTo: 'account' })
  @ApiOperation({ summary: 'Состояние задачи синхронизации остатков' })
  @ApiOkResponse({ type: JobStatusDto })
  status(@ScopedJob() job: JobStatus): JobStatusDto {
    return job;
  }
}
