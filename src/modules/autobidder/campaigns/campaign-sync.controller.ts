import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { JobScope, ScopedJob, ScopedJobAccount } from '../../../queue/job-scope';
import type { JobStatus } from '../../../queue/queue.service';
import { AUTOBIDDER_SYNC_JOB } from '../autobidder.jobs';
import { CAMPAIGN_SYNC_NOT_FOUND, CampaignSyncService } from './campaign-sync.service';
import { CampaignSyncStartDto, CampaignSyncStartedDto, CampaignSyncStatusDto } from './campaigns.dto';

/** Spec: Bid engine routes, the sync. */
@ApiTags('autobidder')
@Controller('autobidder/sync')
export class CampaignSyncController {
  constructor(private readonly sync: CampaignSyncService) {}

  @Post()
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Загрузить рекламные кампании кабинета с маркетплейса',
    description:
      'Только чтение: кампании, ставки товаров (копейки) и статистика по дням за последние 7 суток. Новая кампания приходит с выключенным Auto. ' +
      'Запускается и по расписанию каждые 5 минут. Пока синхронизация кабинета не закончена — её jobId и alreadyRunning.',
  })
  @ApiAcceptedResponse({ type: CampaignSyncStartedDto })
  start(@Body() body: CampaignSyncStartDto): Promise<CampaignSyncStartedDto> {
    return this.sync.start(body.mpAccountId);
  }

  @Get('status/:jobId')
  @JobScope([AUTOBIDDER_SYNC_JOB], CAMPAIGN_SYNC_NOT_FOUND, { visibleTo: 'account' })
  @ApiOperation({ summary: 'Состояние задачи синхронизации рекламных кампаний' })
  @ApiOkResponse({ type: CampaignSyncStatusDto })
  status(@ScopedJob() job: JobStatus, @ScopedJobAccount() accountId: string): Promise<CampaignSyncStatusDto> {
    return this.sync.withLastSync(job, accountId);
  }
}
