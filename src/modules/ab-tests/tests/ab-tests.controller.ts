import { applyDecorators, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { EntityScope } from '../../../common/auth/scope.guard';
import { ApiErrorBodyDto } from '../../../common/errors/api-error-body.dto';
import { Page } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, ListRoute, RouteDoc, RouteDocs } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  AbTestCreateDto,
  AbTestListQueryDto,
  AbTestResponseDto,
  AbTestResultsDto,
  AbTestRotationDto,
  AbTestUpdateDto,
} from './ab-tests.dto';
import { AbTestsRepository } from './ab-tests.repository';
import { AB_TEST_NOT_FOUND, AbTestRouteAction, AbTestsService } from './ab-tests.service';

/** The routes by :id act on a test of this controller; a missing or foreign one answers 404. */
const ITEM: ItemScope = { accounts: AbTestsRepository, notFound: AB_TEST_NOT_FOUND };
const REFUSED = 'CONFLICT: действие недоступно в текущем состоянии теста (details.state)';

/** POST /ab-tests/:id/<action>: 200 with the test; 409 when the test's state does not allow it. */
function ActionRoute(action: AbTestRouteAction, doc: RouteDoc): MethodDecorator {
  return applyDecorators(
    Post(`:id/${action}`),
    HttpCode(200),
    EntityScope(ITEM.accounts, ITEM.notFound),
    RouteDocs(doc),
    ApiOkResponse({ type: AbTestResponseDto }),
    ApiConflictResponse({ type: ApiErrorBodyDto, description: REFUSED }),
  );
}

/** A GET of something of one test (its results, its rotations). */
function ItemReadRoute(path: string, doc: RouteDoc, type: unknown): MethodDecorator {
  return applyDecorators(
    Get(`:id/${path}`),
    EntityScope(ITEM.accounts, ITEM.notFound),
    RouteDocs(doc),
    ApiOkResponse({ type: type as never }),
  );
}

/** Spec (A/B tests): tests of a card's main photo. */
@ApiTags('ab-tests')
@Controller('ab-tests')
export class AbTestsController {
  constructor(private readonly tests: AbTestsService) {}

  @CreateRoute(
    {
      summary: 'Создать A/B-тест главного фото (черновик)',
      description:
        'Карточка из каталога кабинета, кампания кабинета, 2–10 разных изображений кабинета; switchEvery — ровно одно из impressions ' +
        '(1000–20000) и hours (2–5). Чужие или несуществующие карточка, кампания, изображения — 404.',
    },
    AbTestResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @Body() body: AbTestCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    return this.tests.create(user, scope, body, meta);
  }

  @ListRoute({ summary: 'A/B-тесты кабинета', description: 'Удалённые не показываются; по умолчанию новые первыми.' }, AbTestResponseDto)
  list(@CurrentScope() scope: DataScope, @Query() query: AbTestListQueryDto): Promise<Page<AbTestResponseDto>> {
    return this.tests.list(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'A/B-тест по id' }, AbTestResponseDto)
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<AbTestResponseDto> {
    return this.tests.get(scope, id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    { summary: 'Изменить черновик A/B-теста', description: 'Только в состоянии draft, иначе 409 CONFLICT. Кабинет не меняется.' },
    AbTestResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: AbTestUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    return this.tests.update(user, scope, id, body, meta);
  }

  @DeleteRoute(ITEM, {
    summary: 'Удалить A/B-тест',
    description: 'Идущий тест (scheduled, running, paused) сначала остановите: иначе 409 CONFLICT.',
  })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.tests.remove(user, scope, id, meta);
  }

  @ActionRoute('start', {
    summary: 'Запустить A/B-тест',
    description:
      'Из draft или paused в scheduled: обход сразу запоминает исходные фото карточки и ставит первый вариант главным фото. ' +
      'На карточке и в кампании может идти только один тест (иначе 409 CONFLICT, details.testId — идущий тест).',
  })
  start(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    return this.tests.act(user, scope, id, 'start', meta);
  }

  @ActionRoute('pause', { summary: 'Приостановить A/B-тест', description: 'Из scheduled или running в paused (stateReason manual).' })
  pause(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    return this.tests.act(user, scope, id, 'pause', meta);
  }

  @ActionRoute('stop', {
    summary: 'Остановить A/B-тест',
    description:
      'Из scheduled, running или paused в completed: итог по измеренному (winner или inconclusive); исходные фото карточки ' +
      'возвращаются в исходном порядке.',
  })
  stop(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    return this.tests.act(user, scope, id, 'stop', meta);
  }

  @ActionRoute('apply-winner', {
    summary: 'Оставить фото победителя',
    description: 'Из completed с победителем в applied: фото победителя становится главным; без победителя — 409 CONFLICT.',
  })
  applyWinner(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    return this.tests.act(user, scope, id, 'apply-winner', meta);
  }

  @ActionRoute('restore', {
    summary: 'Вернуть исходные фото карточки',
    description: 'Из completed или failed в restored: исходные фото и видео карточки в исходном порядке.',
  })
  restore(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    return this.tests.act(user, scope, id, 'restore', meta);
  }

  @ItemReadRoute(
    'results',
    {
      summary: 'Результаты A/B-теста по вариантам',
      description:
        'Показы и клики за измеренные периоды (окно settleMinutes после переключения не учитывается), CTR с 95 % интервалом Уилсона ' +
        'и вероятность быть лучшим (апостериорные Beta(1 + clicks, 1 + views − clicks), численное интегрирование). Победитель — ' +
        'при вероятности ≥ 0,95, когда у каждого варианта набраны целевые показы.',
    },
    AbTestResultsDto,
  )
  results(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<AbTestResultsDto> {
    return this.tests.results(scope, id);
  }

  @ItemReadRoute('rotations', { summary: 'Периоды показа вариантов A/B-теста, по времени' }, [AbTestRotationDto])
  rotations(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<AbTestRotationDto[]> {
    return this.tests.rotations(scope, id);
  }
}
