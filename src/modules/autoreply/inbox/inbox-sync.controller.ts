import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { UuidParam } from '../../../common/validation/uuid-param';
import { JobStatusDto } from '../../../queue/job-status.dto';
import { AutoreplySyncStartDto, AutoreplySyncStartedDto } from './inbox.dto';
import { InboxSyncService, SYNC_JOB_NOT_FOUND } from './inbox-sync.service';

@ApiTags('autoreply')
@Controller('autoreply/sync')
export class InboxSyncController {
  constructor(private readonly sync: InboxSyncService) {}

  @Post()
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Получить отзывы и вопросы кабинета с маркетплейса',
    description: 'Только чтение: синхронизация ничего не отправляет. Пока синхронизация кабинета не закончена — её jobId и alreadyRunning.',
  })
  @ApiAcceptedResponse({ type: AutoreplySyncStartedDto })
  start(@Body() body: AutoreplySyncStartDto): Promise<AutoreplySyncStartedDto> {
    return this.sync.start(body.mpAccountId);
  }

  @Get('status/:jobId')
  @EntityScope(InboxSyncService, SYNC_JOB_NOT_FOUND, 'jobId')
  @ApiOperation({ summary: 'Состояние задачи синхронизации отзывов и вопросов' })
  @ApiOkResponse({ type: JobStatusDto })
  status(@UuidParam('jobId') jobId: string): Promise<JobStatusDto> {
    return this.sync.status(jobId);
  }
}
