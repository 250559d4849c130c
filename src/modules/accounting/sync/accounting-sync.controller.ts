import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { JobScope, ScopedJob } from '../../../queue/job-scope';
import { JobStatusDto } from '../../../queue/job-status.dto';
import type { JobStatus } from '../../../queue/queue.service';
import { ACCOUNTING_SYNC_JOB } from '../accounting.jobs';
import { AccountingSyncStartDto, AccountingSyncStartedDto } from '../reports/accounting-reports.dto';
import { AccountingSyncService } from './accounting-sync.service';

@ApiTags('accounting')
@Controller('accounting/reports/sync')
export class AccountingSyncController {
  constructor(private readonly sync: AccountingSyncService) {}

  @Post()
  @HttpCode(202)
  @AccountScope({ from: 'body', validated: true })
  @ApiOperation({
    summary: 'Получить финансовые отчёты с маркетплейса и сверить их',
    description:
      'Список отчётов о реализации за период (по умолчанию 90 дней), строки новых и изменённых (уже загруженные импортом и ' +
      'сходящиеся с итогами не запрашиваются снова), сверка, операции журнала; списания за рекламу; баланс. ' +
      'Пока синхронизация кабинета не закончена — её jobId и alreadyRunning.',
  })
  @ApiAcceptedResponse({ type: AccountingSyncStartedDto })
  start(@Body() body: AccountingSyncStartDto): Promise<AccountingSyncStartedDto> {
    return this.sync.start(body);
  }

  @Get('status/:jobId')
  @JobScope([ACCOUNTING_SYNC_JOB], 'Задача синхронизации не найдена', { visibleTo: 'account' })
  @ApiOperation({ summary: 'Состояние синхронизации финансовых отчётов' })
  @ApiOkResponse({ type: JobStatusDto })
  status(@ScopedJob() job: JobStatus): JobStatusDto {
    return job;
  }
}
