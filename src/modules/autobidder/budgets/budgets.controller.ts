import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { Page } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, ListRoute } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import { AdBudgetCheckDto, AdBudgetCheckResponseDto } from './budget-check.dto';
import { BudgetCheckService } from './budget-check.service';
import { AdBudgetCreateDto, AdBudgetListQueryDto, AdBudgetResponseDto, AdBudgetUpdateDto } from './budgets.dto';
import { AdBudgetsRepository } from './budgets.repository';
import { AdBudgetsService, BUDGET_LIMITS_CAP, BUDGET_NOT_FOUND } from './budgets.service';

/** The routes by :id act on a resource of this controller; a missing or foreign one answers 404. */
const ITEM: ItemScope = { accounts: AdBudgetsRepository, notFound: BUDGET_NOT_FOUND };

/** Spec: Ad budget routes. */
@ApiTags('autobidder')
@Controller('autobidder/budgets')
export class AdBudgetsController {
  constructor(
    private readonly budgets: AdBudgetsService,
    private readonly checks: BudgetCheckService,
  ) {}

  @CreateRoute(
    {
      summary: 'Создать лимит бюджета кампании',
      description:
        'Нужен хотя бы один из dailyLimitRub и periodLimitRub, с periodLimitRub — periodStartDate (иначе 400 VALIDATION_FAILED). ' +
        'У кампании один действующий лимит: второй — 409 CONFLICT; после удаления можно создать новый. ' +
        'advertId — любой номер кампании, синхронизация кампаний для создания не нужна. Удалённые лимиты в предел не входят.',
      caps: [BUDGET_LIMITS_CAP],
      conflict: 'У кампании уже есть действующий лимит.',
    },
    AdBudgetResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: AdBudgetCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AdBudgetResponseDto> {
    return this.budgets.create(user, body, meta);
  }

  @Post('check')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Проверить лимиты бюджета кабинета',
    description:
      'Дневной лимит сравнивается с расходом за сегодня (по Москве), лимит за период — с расходом с periodStartDate по сегодня; ' +
      'лимит достигнут при расходе не меньше лимита. Расход — из синхронизированной статистики: синхронизация загружает и хранит её ' +
      'за все дни с самого раннего periodStartDate действующих лимитов (по 31 дню за запрос). Если какие-то дни лимита не загружены, ' +
      'часть лимита говорит spendComplete: false и перечисляет их в missingDays; несработавшие такие части — в incomplete. ' +
      'pause приостанавливает кампанию, reduce_bids снижает её ставки вдвое (только если ставки загружены синхронизацией), при каждой ' +
      'проверке снова, но не ниже минимальных ставок маркетплейса (читаются при каждой проверке): ставка на минимуме остаётся, ' +
      'а если на минимуме все — outcome at_minimum. Ставки уходят запросами до 50 кампаний; запрос, который маркетплейс отклонил, ' +
      'отправляется ещё раз по одной кампании, так что отказ по одной кампании не мешает остальным; у каждой части — outcome и reason. ' +
      'Если ключ кабинета отклонён, действие не выполняется, но лимит считается сработавшим (applied: false и причина). ' +
      'Кампания, чей лимит проверка нашла достигнутым, не получает от движка ставок повышений до проверки, которая найдёт его ' +
      'недостигнутым; проверка идёт отдельно от запусков движка по кабинету (ждёт до 60 с, затем 409 CONFLICT). ' +
      'Проверка пишется в журнал аудита (autobidder.budget.check). Выполняется только по запросу, возобновлять кампании сервис не будет.',
  })
  @ApiOkResponse({ type: AdBudgetCheckResponseDto })
  check(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: AdBudgetCheckDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AdBudgetCheckResponseDto> {
    return this.checks.check(user.id, body.mpAccountId, meta);
  }

  @ListRoute(
    {
      summary: 'Лимиты бюджета кабинета',
      description:
        'Удалённые не показываются; по умолчанию в порядке создания. advertId (повторяется, до 100) — только лимиты этих кампаний: ' +
        'у кампании не больше одного действующего лимита, так что лимиты страницы кампаний умещаются в одну страницу ответа.',
    },
    AdBudgetResponseDto,
  )
  list(@CurrentScope() scope: DataScope, @Query() query: AdBudgetListQueryDto): Promise<Page<AdBudgetResponseDto>> {
    return this.budgets.list(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'Лимит бюджета по id' }, AdBudgetResponseDto)
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<AdBudgetResponseDto> {
    return this.budgets.get(scope, id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    {
      summary: 'Изменить лимит бюджета',
      description:
        'Частичное изменение; null снимает дневной лимит или лимит за период, но один из них должен остаться. Кабинет и кампания не меняются.',
    },
    AdBudgetResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: AdBudgetUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AdBudgetResponseDto> {
    return this.budgets.update(user, scope, id, body, meta);
  }

  @DeleteRoute(ITEM, {
    summary: 'Удалить лимит бюджета',
    description: 'Мягкое удаление: лимит больше не проверяется, для кампании можно создать новый.',
  })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.budgets.remove(user, scope, id, meta);
  }
}
