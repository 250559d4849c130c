import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { JobScope, ScopedJob } from '../../../queue/job-scope';
import { JobStatusDto } from '../../../queue/job-status.dto';
import type { JobStatus } from '../../../queue/queue.service';
import { AUTOREPLY_SYNC_JOB } from '../autoreply.jobs';
import { AutoreplySyncStartDto, AutoreplySyncStartedDto } from './inbox.dto';
import { InboxSyncService } from './inbox-sync.service';

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
  @JobScope([AUTOREPLY_SYNC_JOB], 'Задача синхронизации не найдена', { visibleTo: 'account' })
  @ApiOperation({ summary: 'Состояние задачи синхронизации отзывов и вопросов' })
  @ApiOkResponse({ type: JobStatusDto })
  status(@ScopedJob() job: JobStatus): JobStatusDto {
    return job;
  }
}
