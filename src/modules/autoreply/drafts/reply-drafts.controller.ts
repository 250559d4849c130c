import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ThrottleGroupOf } from '../../../common/throttle/throttle.decorator';
import { AI_BUDGET_RULE } from '../../../llm/llm-account-budget';
import { ReplyDraftDto, ReplyDraftRequestDto, SendReplyRequestDto } from './reply-drafts.dto';
import { ReplyDraftsService } from './reply-drafts.service';

/** Spec: Reply routes, generate and send. Nothing is prepared or sent on its own (Reply rule 10). */
@ApiTags('autoreply')
@Controller('autoreply')
export class ReplyDraftsController {
  constructor(private readonly drafts: ReplyDraftsService) {}

  @Post('generate')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ThrottleGroupOf('llm')
  @ApiOperation({
    summary: 'Подготовить ответ на отзыв или вопрос',
    description:
      'По подходящему сценарию: шаблон с подставленными значениями, при useLlm — переписанный ИИ. Перезаписывает черновик или ответ с ошибкой; ' +
      'ответ в очереди или опубликованный — 409. Сценарий с replyMode auto сразу ставит ответ в очередь публикации. ' +
      `${AI_BUDGET_RULE} Сверх него — 429 TOO_MANY_REQUESTS с Retry-After до полуночи по Москве, без вызова AI и без черновика; ` +
      'если бюджет не проверить (Redis недоступен) — 503.',
  })
  @ApiOkResponse({ type: ReplyDraftDto })
  generate(@CurrentUser() user: AuthenticatedUser, @Body() body: ReplyDraftRequestDto): Promise<ReplyDraftDto> {
    return this.drafts.generate(user, body);
  }

  @Post('send')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Отправить подготовленный ответ',
    description:
      'Ставит черновик в очередь публикации (status pending), с text — исправленным продавцом текстом, если он проходит проверку перед публикацией. ' +
      'Текст, который проверка не пропускает, — 400 VALIDATION_FAILED: details [{field: "text", errors: [имена правил]}] с правилами ' +
      'noLinks, noEmails, noPhones, noContacts, noInstructions, noPlaceholders, noMarkdown, noBidiControls, length, в message — причины по-русски; ' +
      'срабатывание записывается в журнал аудита (autoreply.check, text: manual, rules), черновик не меняется и в очередь не встаёт. ' +
      'Проверка нормализует текст (NFKC, цифры любых алфавитов, точки других письменностей и «точка»/«dot», невидимые символы) и отклоняет ' +
      'любой текст с управляющими символами направления (noBidiControls); noContacts — ники @name, мессенджеры и соцсети, приглашения написать вне маркетплейса. ' +
      'Без черновика — 404, уже в очереди или опубликован — 409.',
  })
  @ApiOkResponse({ type: ReplyDraftDto })
  send(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SendReplyRequestDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyDraftDto> {
    return this.drafts.send(user, body, meta);
  }
}
