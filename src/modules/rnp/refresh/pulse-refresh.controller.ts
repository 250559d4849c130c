import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { JobScope, ScopedJob } from '../../../queue/job-scope';
import { JobStatusDto } from '../../../queue/job-status.dto';
import type { JobStatus } from '../../../queue/queue.service';
import { RNP_NIGHTLY_JOB, RNP_REFRESH_JOB } from '../rnp.jobs';
import { PulseRefreshStartDto, PulseRefreshStartedDto } from './pulse-refresh.dto';
import { PulseRefreshService } from './pulse-refresh.service';

@ApiTags('rnp')
@Controller('rnp/analytics/refresh')
export class PulseRefreshController {
  constructor(private readonly refresh: PulseRefreshService) {}

  @Post()
  @HttpCode(202)
  @AccountScope({ from: 'body', validated: true })
  @ApiOperation({
    summary: 'Обновить пульс товаров кабинета',
    description:
      'Воронка продаж маркетплейса за каждый день (все карточки) и её история за последнюю неделю для товаров списков — каждая переписанная ' +
      'маркетплейсом цифра сохраняет прежнюю версию; реклама, цена, остатки и отзывы — из данных сервиса. Сама по себе обновляется ' +
      'каждый час (сегодня) и в 01:00 по Москве (вчера и переписанная неделя). Пока обновление кабинета не закончено — его jobId и ' +
      'alreadyRunning. Запускает владелец кабинета или администратор.',
  })
  @ApiAcceptedResponse({ type: PulseRefreshStartedDto })
  start(@Body() body: PulseRefreshStartDto): Promise<PulseRefreshStartedDto> {
    return this.refresh.start(body);
  }

  @Get('status/:jobId')
  @JobScope([RNP_REFRESH_JOB, RNP_NIGHTLY_JOB], 'Задача обновления пульса не найдена', { visibleTo: 'account' })
  @ApiOperation({ summary: 'Состояние задачи обновления пульса' })
  @ApiOkResponse({ type: JobStatusDto })
  status(@ScopedJob() job: JobStatus): JobStatusDto {
    return job;
  }
}
