import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { EntityScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page, PaginationQueryDto } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, ListRoute } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  BookingMatchResponseDto,
  BookingTaskCreateDto,
  BookingTaskListQueryDto,
  BookingTaskResponseDto,
  BookingTaskUpdateDto,
} from './booking-tasks.dto';
import { BookingTasksRepository } from './booking-tasks.repository';
import { BOOKING_TASK_NOT_FOUND, BookingTasksService } from './booking-tasks.service';

const ITEM: ItemScope = { accounts: BookingTasksRepository, notFound: BOOKING_TASK_NOT_FOUND };

/** Spec: Booking. Slot-watch tasks: the monitor reads the coefficients of their warehouses and records the slots that come to fit. */
@ApiTags('booking')
@Controller('booking/tasks')
export class BookingTasksController {
  constructor(private readonly tasks: BookingTasksService) {}

  @CreateRoute(
    {
      summary: 'Создать задачу поиска слотов приёмки',
      description:
        'Мониторинг читает коэффициенты приёмки складов задачи каждые BOOKING_POLL_MS (не чаще 6 раз в минуту на кабинет). Слот, ' +
        'который стал подходить (коэффициент от 0 до maxCoefficient, разгрузка возможна, день в пределах задачи и не раньше ' +
        'minLeadDays от сегодня), становится совпадением, задача — matched, владельцу кабинета приходит уведомление booking.slot ' +
        'со ссылкой на планирование поставок на сайте продавца (бронирует продавец там: у маркетплейса нет такого метода). ' +
        'dateFrom не раньше сегодня, dateTo не раньше dateFrom и не дальше 30 дней от него.',
    },
    BookingTaskResponseDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: BookingTaskCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<BookingTaskResponseDto> {
    return this.tasks.create(user, body, meta);
  }

  @ListRoute(
    { summary: 'Задачи поиска слотов кабинета', description: 'По умолчанию новые первыми; status — только в этом состоянии.' },
    BookingTaskResponseDto,
  )
  list(@CurrentScope() scope: DataScope, @Query() query: BookingTaskListQueryDto): Promise<Page<BookingTaskResponseDto>> {
    return this.tasks.list(scope, query);
  }

  @ItemRoute('GET', ITEM, { summary: 'Задача поиска слотов по id' }, BookingTaskResponseDto)
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<BookingTaskResponseDto> {
    return this.tasks.get(scope, id);
  }

  @ItemRoute(
    'PATCH',
    ITEM,
    {
      summary: 'Изменить задачу поиска слотов',
      description:
        'Частичное изменение задачи, которая ищет слоты или стоит на паузе; забронированную, принятую, истёкшую или удалённую — 409.',
    },
    BookingTaskResponseDto,
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: BookingTaskUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<BookingTaskResponseDto> {
    return this.tasks.update(user, scope, id, body, meta);
  }

  @DeleteRoute(ITEM, {
    summary: 'Удалить задачу поиска слотов',
    description: 'Задача остаётся в состоянии cancelled вместе с совпадениями.',
  })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.tasks.cancel(user, scope, id, meta);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @EntityScope(BookingTasksRepository, BOOKING_TASK_NOT_FOUND)
  @ApiOperation({ summary: 'Поставить задачу на паузу', description: 'Только задачу, которая ищет слоты; иначе 409.' })
  @ApiOkResponse({ type: BookingTaskResponseDto })
  pause(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<BookingTaskResponseDto> {
    return this.tasks.pause(scope, id);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @EntityScope(BookingTasksRepository, BOOKING_TASK_NOT_FOUND)
  @ApiOperation({ summary: 'Снять задачу с паузы', description: 'Снова active; если dateTo уже прошёл — expired. Не с паузы — 409.' })
  @ApiOkResponse({ type: BookingTaskResponseDto })
  resume(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<BookingTaskResponseDto> {
    return this.tasks.resume(scope, id);
  }

  @Get(':id/matches')
  @EntityScope(BookingTasksRepository, BOOKING_TASK_NOT_FOUND)
  @ApiOperation({
    summary: 'Найденные слоты задачи',
    description:
      'Новые первыми. seenAt — когда слот был найден, goneAt — с какого момента сервис за него не ручается (опрос нашёл, что он не подходит, или задача перестала искать; null — ещё подходил).',
  })
  @ApiPageResponse(BookingMatchResponseDto)
  matches(
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Query() query: PaginationQueryDto,
  ): Promise<Page<BookingMatchResponseDto>> {
    return this.tasks.matches(scope, id, query);
  }
}
