import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { ThrottleGroupOf } from '../../../common/throttle/throttle.decorator';
import { UuidParam } from '../../../common/validation/uuid-param';
import { AI_BUDGET_RULE } from '../../../llm/llm-account-budget';
import { ReplyDraftDto, ReplyDraftRequestDto, SendReplyRequestDto } from './reply-drafts.dto';
import { ReplyDraftsRepository } from './reply-drafts.repository';
import { REPLY_DRAFT_NOT_FOUND, ReplyDraftsService } from './reply-drafts.service';

/**
 * Spec: Reply routes, generate and send, and the cancel of a held reply. Nothing is prepared or sent on its own (Reply
 * rule 10).
 */
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
      'ответ в очереди или опубликованный — 409. Сценарий с replyMode auto ставит ответ в очередь публикации (pending), но публикация ждёт ' +
      'AUTOREPLY_PUBLISH_DELAY_MS (15 минут; scheduledAt — когда он будет опубликован): до тех пор его можно отменить ' +
      '(POST /autoreply/drafts/{id}/cancel) или отправить сразу (POST /autoreply/send); при 0 — публикуется сразу. ' +
      'Если в тексте покупателя признаки инструкций для ИИ, ИИ его не получает и ответ ни при каком режиме не публикуется сам: ' +
      'черновик с шаблоном и note, запись autoreply.reply.injection в журнале аудита. ' +
      `${AI_BUDGET_RULE} Сверх него — 429 TOO_MANY_REQUESTS с Retry-After до полуночи по Москве, без вызова AI и без черновика; ` +
      'если бюджет не проверить (Redis недоступен) — 503.',
  })
  @ApiOkResponse({ type: ReplyDraftDto })
  generate(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ReplyDraftRequestDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyDraftDto> {
    return this.drafts.generate(user, body, meta);
  }

  @Post('send')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Отправить подготовленный ответ',
    description:
      'Ставит черновик в очередь публикации сразу (status pending), с text — исправленным продавцом текстом, если он проходит проверку перед публикацией. ' +
      'Текст, который проверка не пропускает, — 400 VALIDATION_FAILED: details [{field: "text", errors: [имена правил]}] с правилами ' +
      'noLinks, noEmails, noPhones, noContacts, noInstructions, noPlaceholders, noMarkdown, noBidiControls, length, в message — причины по-русски; ' +
      'срабатывание записывается в журнал аудита (autoreply.check, text: manual, rules), черновик не меняется и в очередь не встаёт. ' +
      'Проверка нормализует текст (NFKC, цифры любых алфавитов, точки других письменностей и «точка»/«dot», невидимые символы) и отклоняет ' +
      'любой текст с управляющими символами направления (noBidiControls); noContacts — ники @name, мессенджеры и соцсети, приглашения написать вне маркетплейса. ' +
      'Ответ, который ждёт автоматической публикации (pending со scheduledAt), тоже публикуется сразу. ' +
      'Перед этим читает отзыв или вопрос с маркетплейса: если там уже есть ответ — 409, ответ не ставится в очередь, а ответ маркетплейса сохраняется во входящих; ' +
      'маркетплейс недоступен или отклонил ключ — 502, ничего не меняется. Без черновика — 404, уже публикуется или опубликован — 409.',
  })
  @ApiOkResponse({ type: ReplyDraftDto })
  send(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SendReplyRequestDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyDraftDto> {
    return this.drafts.send(user, body, meta);
  }

  @Post('drafts/:id/cancel')
  @HttpCode(200)
  @EntityScope(ReplyDraftsRepository, REPLY_DRAFT_NOT_FOUND)
  @ApiOperation({
    summary: 'Отменить автоматическую публикацию ответа',
    description:
      'Ответ, который ждёт автоматической публикации (pending со scheduledAt), снова становится черновиком (draft) и публикуется, только если его отправить. ' +
      'Записывается в журнал аудита (autoreply.reply.cancel). Чужой или несуществующий черновик — 404; ответ, который не ждёт (уже публикуется, опубликован, черновик) — 409.',
  })
  @ApiOkResponse({ type: ReplyDraftDto })
  cancel(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyDraftDto> {
    return this.drafts.cancel(user, id, meta);
  }
}
