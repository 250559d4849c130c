import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, RouteDocs } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import { LedgerCreateDto, LedgerListQueryDto, LedgerTransactionDto, LedgerUpdateDto } from './ledger.dto';
import { LedgerRepository } from './ledger.repository';
import { LEDGER_NOT_FOUND, LedgerService } from './ledger.service';

const ITEM: ItemScope = { accounts: LedgerRepository, notFound: LEDGER_NOT_FOUND };
const MANUAL_ONLY = 'Загруженную с маркетплейса операцию изменить нельзя — 409 CONFLICT. Записывается в журнал аудита.';

/** The ledger, money in and out of an account by Moscow day; manual transactions are the seller's. */
@ApiTags('accounting')
@Controller('accounting/transactions')
export class LedgerController {
  constructor(private readonly ledger: LedgerService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @RouteDocs({
    summary: 'Операции кабинета: продажи, возвраты, комиссии, логистика, реклама, ручные',
    description: 'Новые дни первыми. Менеджер видит только операции товаров открытых ему брендов (операции кабинета без товара — нет).',
  })
  @ApiPageResponse(LedgerTransactionDto)
  list(@CurrentScope() scope: DataScope, @Query() query: LedgerListQueryDto): Promise<Page<LedgerTransactionDto>> {
    return this.ledger.list(scope, query);
  }

  @CreateRoute(
    { summary: 'Ввести операцию вручную', description: 'Источник manual. Вводить может владелец кабинета или администратор.' },
    LedgerTransactionDto,
  )
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: LedgerCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<LedgerTransactionDto> {
    return this.ledger.create(user, body, meta);
  }

  @ItemRoute('PATCH', ITEM, { summary: 'Изменить введённую вручную операцию', description: MANUAL_ONLY }, LedgerTransactionDto)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('id') id: string,
    @Body() body: LedgerUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<LedgerTransactionDto> {
    return this.ledger.update(user, id, body, meta);
  }

  @DeleteRoute(ITEM, { summary: 'Удалить введённую вручную операцию', description: `Удаляется мягко. ${MANUAL_ONLY}` })
  remove(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string, @CurrentRequestMeta() meta: RequestMeta): Promise<void> {
    return this.ledger.remove(user, id, meta);
  }
}
