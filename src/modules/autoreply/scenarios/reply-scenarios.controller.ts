import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { Page } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, ListRoute } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  ReplyScenarioCreateDto,
  ReplyScenarioListQueryDto,
  ReplyScenarioMatchQueryDto,
  ReplyScenarioResponseDto,
  ReplyScenarioUpdateDto,
} from './reply-scenarios.dto';
import { ReplyScenariosRepository } from './reply-scenarios.repository';
import { ReplyScenariosService, SCENARIO_NOT_FOUND, SCENARIOS_CAP } from './reply-scenarios.service';

/** The routes by :id act on a resource of this controller; a missing or foreign one answers 404. */
const ITEM: ItemScope = { accounts: ReplyScenariosRepository, notFound: SCENARIO_NOT_FOUND };

/** Spec: Reply routes, scenarios. */
@ApiTags('autoreply')
@Controller('autoreply/scenarios')
export class ReplyScenariosController {
  constructor(private readonly scenarios: ReplyScenariosService) {}

  @CreateRoute(
    {
      summary: 'Создать сценарий ответа',
      description:
        'По умолчанию priority 100, replyMode manual, useLlm false, isActive true. Шаблон другого кабинета или удалённый — 404. ' +
        'Удалённые сценарии в предел не входят.',
      caps: [SCENARIOS_CAP],
    },
    ReplyScenarioResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ReplyScenarioCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyScenarioResponseDto> {
    return this.scenarios.create(user, body, meta);
  }

  @ListRoute(
    { summary: 'Сценарии ответов кабинета', description: 'Удалённые не показываются; по умолчанию в порядке создания.' },
    ReplyScenarioResponseDto,
  )
  list(@CurrentScope() scope: DataScope, @Query() query: ReplyScenarioListQueryDto): Promise<Page<ReplyScenarioResponseDto>> {
    return this.scenarios.list(scope, query);
  }

  // Declared before :id, so that "match" is never read as an id.
  @Get('match')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Сценарий, который будет выбран для отзыва или вопроса',
    description:
      'Среди активных сценариев, все условия которых выполнены, — с наименьшим priority, при равенстве созданный раньше. Нет такого — 404.',
  })
  @ApiOkResponse({ type: ReplyScenarioResponseDto })
  match(@CurrentScope() scope: DataScope, @Query() query: ReplyScenarioMatchQueryDto): Promise<ReplyScenarioResponseDto> {
    return this.scenarios.match(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'Сценарий ответа по id' }, ReplyScenarioResponseDto)
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<ReplyScenarioResponseDto> {
    return this.scenarios.get(scope, id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    {
      summary: 'Изменить сценарий ответа',
      description: 'Частичное изменение; кабинет не меняется. null убирает условие brand, category, ratingMin или ratingMax.',
    },
    ReplyScenarioResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: ReplyScenarioUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ReplyScenarioResponseDto> {
    return this.scenarios.update(user, scope, id, body, meta);
  }

  @DeleteRoute(ITEM, { summary: 'Удалить сценарий ответа', description: 'Мягкое удаление.' })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.scenarios.remove(user, scope, id, meta);
  }
}
