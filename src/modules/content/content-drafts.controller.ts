import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../common/auth/request-meta';
import { AccountScope, EntityScope } from '../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { ThrottleGroupOf } from '../../common/throttle/throttle.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { AI_BUDGET_RULE } from '../../llm/llm-account-budget';
import { ContentDraftDto, ContentDraftListQueryDto, ContentDraftPatchDto, ContentJobStartedDto, ContentRegenerateDto } from './content.dto';
import { ContentDraftsRepository } from './content-drafts.repository';
import { CONTENT_DRAFT_NOT_FOUND, ContentDraftsService } from './content-drafts.service';

const DRAFT_SCOPE = [ContentDraftsRepository, CONTENT_DRAFT_NOT_FOUND, 'id', { brands: true }] as const;

/** Spec: content studio. The drafts of card texts: list, the seller's edits, a new draft, approval for publishing. */
@ApiTags('content')
@Controller('content/drafts')
export class ContentDraftsController {
  constructor(private readonly drafts: ContentDraftsService) {}

  @Get()
  @AccountScope({ from: 'query', brands: true })
  @ApiOperation({ summary: 'Черновики текстов карточек', description: 'Новые сначала; status — отбор по статусу.' })
  @ApiPageResponse(ContentDraftDto)
  list(@CurrentScope() scope: DataScope, @Query() query: ContentDraftListQueryDto): Promise<Page<ContentDraftDto>> {
    return this.drafts.list(scope, query);
  }

  @Get(':id')
  @EntityScope(...DRAFT_SCOPE)
  @ApiOperation({ summary: 'Черновик текстов карточки' })
  @ApiOkResponse({ type: ContentDraftDto })
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<ContentDraftDto> {
    return this.drafts.get(scope, id);
  }

  @Patch(':id')
  @EntityScope(...DRAFT_SCOPE)
  @ApiOperation({
    summary: 'Исправить тексты черновика',
    description:
      'Правки продавца в proposed (переданные поля), с новой оценкой и замечаниями. Название длиннее 60 символов сохраняется с замечанием error: ' +
      'такой черновик не одобрить и не отправить. Черновик не в статусе draft — 409.',
  })
  @ApiOkResponse({ type: ContentDraftDto })
  patch(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: ContentDraftPatchDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ContentDraftDto> {
    return this.drafts.patch(user, scope, id, body, meta);
  }

  @Post(':id/regenerate')
  @HttpCode(202)
  @EntityScope(...DRAFT_SCOPE)
  @ThrottleGroupOf('llm')
  @ApiOperation({
    summary: 'Подготовить тексты карточки заново',
    description: `Задача, как POST /content/generate, для карточки черновика с пожеланиями notes; новый черновик заменит этот. ${AI_BUDGET_RULE}`,
  })
  @ApiAcceptedResponse({ type: ContentJobStartedDto })
  regenerate(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: ContentRegenerateDto,
  ): Promise<ContentJobStartedDto> {
    return this.drafts.regenerate(user, scope, id, body);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @EntityScope(...DRAFT_SCOPE)
  @ApiOperation({
    summary: 'Одобрить и опубликовать тексты карточки',
    description:
      'Статус approved и задача публикации: карточка читается с маркетплейса заново; если она изменилась после подготовки черновика, ничего не ' +
      'отправляется, черновик возвращается в draft с note «карточка изменилась на маркетплейсе» (его одобрение — 409). Иначе отправляется вся карточка: ' +
      'изменённые поля из черновика, остальные — как на маркетплейсе (publishing); через CONTENT_VERIFY_DELAY_MS карточка и список ошибок читаются ' +
      'снова: published или rejected_by_mp с сообщением маркетплейса в mpError. Запись content.publish в журнале аудита. ' +
      'Черновик с замечанием error (название длиннее 60 символов, чужой бренд, ссылка...) — 400 VALIDATION_FAILED; не в статусе draft — 409.',
  })
  @ApiOkResponse({ type: ContentDraftDto })
  approve(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ContentDraftDto> {
    return this.drafts.approve(user, scope, id, meta);
  }
}
