import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../common/auth/data-scope';
import { AccountScope } from '../../common/auth/scope.guard';
import { ThrottleGroupOf } from '../../common/throttle/throttle.decorator';
import { AI_BUDGET_RULE } from '../../llm/llm-account-budget';
import { JobScope, ScopedJob } from '../../queue/job-scope';
import type { JobStatus } from '../../queue/queue.service';
import { ContentGenerateDto, ContentJobDto, ContentJobStartedDto } from './content.dto';
import { CONTENT_JOB_NOT_FOUND, ContentDraftsService } from './content-drafts.service';
import { CONTENT_GENERATE_JOB } from './content-job-definitions';

/** Spec: content studio. Texts of cards written by the AI as drafts, in a background job. */
@ApiTags('content')
@Controller('content')
export class ContentController {
  constructor(private readonly drafts: ContentDraftsService) {}

  @Post('generate')
  @HttpCode(202)
  @AccountScope({ from: 'body', brands: true })
  @ThrottleGroupOf('llm')
  @ApiOperation({
    summary: 'Подготовить тексты карточек',
    description:
      'Задача: для каждой карточки — карточка, прочитанная с маркетплейса заново, характеристики её предмета, факты базы знаний и поисковые запросы → ' +
      'название, описание и характеристики от ИИ с оценкой до и после и замечаниями, черновиком (новый черновик карточки заменяет её открытый: superseded). ' +
      'Тексты карточки, маркетплейса и базы знаний ИИ получает только как цитируемые данные. Ответ ИИ не в формате — черновик с текстами карточки и ' +
      'замечанием error; ИИ недоступен — задача завершается с errorCode LLM_UNAVAILABLE. Карточки вне каталога кабинета или брендов пользователя — 404. ' +
      `Запрос считается один раз в лимите ИИ-маршрутов; каждая карточка — один вызов ИИ. ${AI_BUDGET_RULE}`,
  })
  @ApiAcceptedResponse({ type: ContentJobStartedDto })
  generate(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @Body() body: ContentGenerateDto,
  ): Promise<ContentJobStartedDto> {
    return this.drafts.generate(user, scope, body);
  }

  @Get('jobs/:jobId')
  @JobScope([CONTENT_GENERATE_JOB], CONTENT_JOB_NOT_FOUND, { visibleTo: 'account' })
  @ApiOperation({
    summary: 'Состояние задачи подготовки текстов',
    description: 'result: drafts [{nmId, draftId}] и missing — карточки, которых нет на маркетплейсе.',
  })
  @ApiOkResponse({ type: ContentJobDto })
  job(@ScopedJob() job: JobStatus): Promise<ContentJobDto> {
    return this.drafts.job(job);
  }
}
