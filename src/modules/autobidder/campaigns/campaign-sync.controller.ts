import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { UuidParam } from '../../../common/validation/uuid-param';
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
  @EntityScope(CampaignSyncService, CAMPAIGN_SYNC_NOT_FOUND, 'jobId')
  @ApiOperation({ summary: 'Состояние задачи синхронизации рекламных кампаний' })
  @ApiOkResponse({ type: CampaignSyncStatusDto })
  status(@UuidParam('jobId') jobId: string): Promise<CampaignSyncStatusDto> {
    return this.sync.status(jobId);
  }
}
