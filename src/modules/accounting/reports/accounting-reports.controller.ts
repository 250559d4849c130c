import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { RouteDocs } from '../../../common/http/resource-routes';
import { Int64TextParam } from '../../../common/validation/int-param';
import {
  AccountingReportDetailDto,
  AccountingReportDto,
  AccountingReportListQueryDto,
  AccountingReportQueryDto,
} from './accounting-reports.dto';
import { AccountingReportsService } from './accounting-reports.service';

/** The realisation reports of an account with their reconciliation; whole-account figures, for its owner and admins. */
@ApiTags('accounting')
@Controller('accounting/reports')
export class AccountingReportsController {
  constructor(private readonly reports: AccountingReportsService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true })
  @RouteDocs({
    summary: 'Отчёты о реализации кабинета и их сверка',
    description:
      'Еженедельные отчёты, новые периоды первыми. reconciled — суммы строк равны итогам отчёта до копейки, mismatch — с расхождениями ' +
      '(differences). Итоги по всему кабинету: видят владелец кабинета и администратор.',
  })
  @ApiPageResponse(AccountingReportDto)
  list(@Query() query: AccountingReportListQueryDto): Promise<Page<AccountingReportDto>> {
    return this.reports.list(query);
  }

  @Get(':id')
  @AccountScope({ from: 'query', validated: true })
  @RouteDocs({
    summary: 'Отчёт о реализации: строки P&L и разбивка по товарам',
    description:
      'lines — суммы операций журнала из строк отчёта по видам (вместе — итого к оплате); nms — по товарам, страница page/limit. ' +
      'id — номер отчёта цифрами (бывает больше 2^53).',
  })
  @ApiOkResponse({ type: AccountingReportDetailDto })
  get(@Int64TextParam('id') id: string, @Query() query: AccountingReportQueryDto): Promise<AccountingReportDetailDto> {
    return this.reports.get(id, query);
  }
}
