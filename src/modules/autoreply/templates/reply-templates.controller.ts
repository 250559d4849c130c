import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { Page } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, ListRoute } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import { ReplyTemplateCreateDto, ReplyTemplateListQueryDto, ReplyTemplateResponseDto, ReplyTemplateUpdateDto } from './reply-templates.dto';
import { ReplyTemplatesRepository } from './reply-templates.repository';
import { ReplyTemplatesService, TEMPLATE_NOT_FOUND, TEMPLATES_CAP } from './reply-templates.service';

/** The routes by :id act on a resource of this controller; a missing or foreign one answers 404. */
const ITEM: ItemScope = { accounts: ReplyTemplatesRepository, notFound: TEMPLATE_NOT_FOUND };

/** Spec: Reply routes, templates. */
@ApiTags('autoreply')
@Controller('autoreply/templates')
export class ReplyTemplatesController {
  constructor(private readonly templates: ReplyTemplatesService) {}

  @CreateRoute(
    {
      summary: 'Создать шаблон ответа',
      description: 'Неизвестный плейсхолдер в тексте — 400 VALIDATION_FAILED. Удалённые шаблоны в предел не входят.',
      caps: [TEMPLATES_CAP],
    },
    ReplyTemplateResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ReplyTemplateCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyTemplateResponseDto> {
    return this.templates.create(user, body, meta);
  }

  @ListRoute(
    { summary: 'Шаблоны ответов кабинета', description: 'Удалённые не показываются; по умолчанию в порядке создания.' },
    ReplyTemplateResponseDto,
  )
  list(@CurrentScope() scope: DataScope, @Query() query: ReplyTemplateListQueryDto): Promise<Page<ReplyTemplateResponseDto>> {
    return this.templates.list(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'Шаблон ответа по id' }, ReplyTemplateResponseDto)
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<ReplyTemplateResponseDto> {
    return this.templates.get(scope, id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    { summary: 'Изменить шаблон ответа', description: 'Частичное изменение; кабинет шаблона не меняется.' },
    ReplyTemplateResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: ReplyTemplateUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyTemplateResponseDto> {
    return this.templates.update(user, scope, id, body, meta);
  }

  @DeleteRoute(ITEM, {
    summary: 'Удалить шаблон ответа',
    description: 'Мягкое удаление: сценарий с этим шаблоном больше не может подготовить ответ.',
  })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.templates.remove(user, scope, id, meta);
  }
}
