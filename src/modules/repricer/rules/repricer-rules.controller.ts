import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  RepricerRuleCreateDto,
  RepricerRuleListQueryDto,
  RepricerRulePageDto,
  RepricerRuleResponseDto,
  RepricerRuleUpdateDto,
} from './repricer-rules.dto';
import { RepricerRulesRepository } from './repricer-rules.repository';
import { RepricerRulesService, RULE_NOT_FOUND, RULES_CAP } from './repricer-rules.service';

/** The routes by :id act on a resource of this controller; a missing or foreign one answers 404. */
const ITEM: ItemScope = { accounts: RepricerRulesRepository, notFound: RULE_NOT_FOUND };

/** Spec: Repricer routes, rules. The run interval is the service's schedule and is not a rule field (engine rule 7). */
@ApiTags('repricer')
@Controller('repricer/rules')
export class RepricerRulesController {
  constructor(private readonly rules: RepricerRulesService) {}

  @CreateRoute(
    {
      summary: 'Создать правило репрайсера',
      description: 'При нескольких подходящих правилах срабатывает созданное раньше. Удалённые правила в предел не входят.',
      caps: [RULES_CAP],
    },
    RepricerRuleResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: RepricerRuleCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<RepricerRuleResponseDto> {
    return this.rules.create(user, body, meta);
  }

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Правила кабинета и расписание запусков',
    description: 'Удалённые правила не показываются; по умолчанию в порядке создания. schedule — расписание сервиса, его нельзя изменить.',
  })
  @ApiOkResponse({ type: RepricerRulePageDto })
  list(@CurrentScope() scope: DataScope, @Query() query: RepricerRuleListQueryDto): Promise<RepricerRulePageDto> {
    return this.rules.list(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'Правило по id' }, RepricerRuleResponseDto)
  get(@UuidParam('id') id: string): Promise<RepricerRuleResponseDto> {
    return this.rules.get(id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    {
      summary: 'Изменить правило',
      description: 'Частичное изменение; кабинет правила не меняется. null убирает порог, minPrice или maxPrice.',
    },
    RepricerRuleResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('id') id: string,
    @Body() body: RepricerRuleUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<RepricerRuleResponseDto> {
    return this.rules.update(user, id, body, meta);
  }

  @DeleteRoute(ITEM, { summary: 'Удалить правило', description: 'Мягкое удаление: прошлые запуски и история цен сохраняются.' })
  remove(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string, @CurrentRequestMeta() meta: RequestMeta): Promise<void> {
    return this.rules.remove(user, id, meta);
  }
}
