import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { Page } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, ListRoute } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import { BidStrategyCreateDto, BidStrategyListQueryDto, BidStrategyResponseDto, BidStrategyUpdateDto } from './bid-strategies.dto';
import { BidStrategiesRepository } from './bid-strategies.repository';
import { BidStrategiesService, CAMPAIGNS_CAP, STRATEGIES_CAP, STRATEGY_NOT_FOUND } from './bid-strategies.service';

/** The routes by :id act on a resource of this controller; a missing or foreign one answers 404. */
const ITEM: ItemScope = { accounts: BidStrategiesRepository, notFound: STRATEGY_NOT_FOUND };

/** Spec: Bid engine routes, strategies (CRUD). */
@ApiTags('autobidder')
@Controller('autobidder/strategies')
export class BidStrategiesController {
  constructor(private readonly strategies: BidStrategiesService) {}

  @CreateRoute(
    {
      summary: 'Создать стратегию ставок',
      description:
        'Ставки в копейках, 1 ≤ minBid ≤ maxBid; для цели cpc обязателен targetCpc (иначе 400 VALIDATION_FAILED). ' +
        'Удалённые стратегии в предел не входят.',
      caps: [STRATEGIES_CAP, CAMPAIGNS_CAP],
    },
    BidStrategyResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: BidStrategyCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<BidStrategyResponseDto> {
    return this.strategies.create(user, body, meta);
  }

  @ListRoute(
    { summary: 'Стратегии ставок кабинета', description: 'Удалённые не показываются; по умолчанию в порядке создания.' },
    BidStrategyResponseDto,
  )
  list(@CurrentScope() scope: DataScope, @Query() query: BidStrategyListQueryDto): Promise<Page<BidStrategyResponseDto>> {
    return this.strategies.list(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'Стратегия ставок по id' }, BidStrategyResponseDto)
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<BidStrategyResponseDto> {
    return this.strategies.get(scope, id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    {
      summary: 'Изменить стратегию ставок',
      description: 'Частичное изменение; правила проверяются для сохранённой стратегии с изменением. Кабинет не меняется.',
      caps: [CAMPAIGNS_CAP],
    },
    BidStrategyResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: BidStrategyUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<BidStrategyResponseDto> {
    return this.strategies.update(user, scope, id, body, meta);
  }

  @DeleteRoute(ITEM, {
    summary: 'Удалить стратегию ставок',
    description: 'Мягкое удаление: стратегия больше не меняет ставки.',
  })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.strategies.remove(user, scope, id, meta);
  }
}
