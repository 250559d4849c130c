import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { Page } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, ListRoute } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import { ComplaintRuleCreateDto, ComplaintRuleListQueryDto, ComplaintRuleResponseDto, ComplaintRuleUpdateDto } from './complaint-rules.dto';
import { ComplaintRulesRepository } from './complaint-rules.repository';
import { COMPLAINT_RULE_NOT_FOUND, COMPLAINT_RULES_CAP, ComplaintRulesService } from './complaint-rules.service';

/** The routes by :id act on a resource of this controller; a missing or foreign one answers 404. */
const ITEM: ItemScope = { accounts: ComplaintRulesRepository, notFound: COMPLAINT_RULE_NOT_FOUND };

/** Spec: Reply routes, complaint rules. */
@ApiTags('autoreply')
@Controller('autoreply/complaint-rules')
export class ComplaintRulesController {
  constructor(private readonly rules: ComplaintRulesService) {}

  @CreateRoute(
    {
      summary: 'Создать правило жалобы',
      description:
        'templateId — живой шаблон того же кабинета, иначе 404. Из подходящих правил выбирается с меньшим priority. ' +
        'Удалённые правила в предел не входят.',
      caps: [COMPLAINT_RULES_CAP],
    },
    ComplaintRuleResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ComplaintRuleCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ComplaintRuleResponseDto> {
    return this.rules.create(user, body, meta);
  }

  @ListRoute(
    { summary: 'Правила жалоб кабинета', description: 'Удалённые правила не показываются; по умолчанию в порядке создания.' },
    ComplaintRuleResponseDto,
  )
  list(@CurrentScope() scope: DataScope, @Query() query: ComplaintRuleListQueryDto): Promise<Page<ComplaintRuleResponseDto>> {
    return this.rules.list(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'Правило жалобы по id' }, ComplaintRuleResponseDto)
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<ComplaintRuleResponseDto> {
    return this.rules.get(scope, id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    {
      summary: 'Изменить правило жалобы',
      description: 'Частичное изменение; кабинет правила не меняется. null убирает brand, category или templateId.',
    },
    ComplaintRuleResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: ComplaintRuleUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ComplaintRuleResponseDto> {
    return this.rules.update(user, scope, id, body, meta);
  }

  @DeleteRoute(ITEM, { summary: 'Удалить правило жалобы', description: 'Мягкое удаление: подготовленные жалобы остаются.' })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.rules.remove(user, scope, id, meta);
  }
}
