import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { kpiWindows } from '../../../common/kpi/kpi-window';
import { BookingSuppliesReader } from '../supplies/booking-supplies.reader';
import { BookingSummaryDto, BookingSummaryQueryDto } from './booking-summary.dto';
import { BookingSummaryRepository } from './booking-summary.repository';

@ApiTags('booking')
@Controller('booking/summary')
export class BookingSummaryController {
  constructor(
    private readonly repository: BookingSummaryRepository,
    private readonly supplies: BookingSuppliesReader,
  ) {}

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Сводка поиска слотов',
    description: 'Окно — последние 7 или 30 суток UTC до конца сегодняшних.',
  })
  @ApiOkResponse({ type: BookingSummaryDto })
  async summary(@CurrentScope() scope: DataScope, @Query() query: BookingSummaryQueryDto): Promise<BookingSummaryDto> {
    const { current } = kpiWindows(query.period);
    const [slots, supplies] = await Promise.all([
      this.repository.indicators(scope.accountId, current),
      this.supplies.acceptedIn(scope.accountId, current),
    ]);
    return { period: query.period, ...current, ...slots, ...supplies };
  }
}
