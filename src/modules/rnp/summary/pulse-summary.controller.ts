import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { summarise } from '../../../common/kpi/kpi-summary';
import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { PULSE_PART, RNP_REFRESH } from '../rnp.jobs';
import { PulseSummaryDto } from './pulse-summary.dto';
import { PulseSummaryRepository } from './pulse-summary.repository';

const MINUTE_MS = 60_000;

@ApiTags('rnp')
@Controller('rnp/analytics/summary')
export class PulseSummaryController {
  constructor(
    private readonly repository: PulseSummaryRepository,
    private readonly accounts: AccountsReader,
    private readonly syncStates: AccountSyncStates,
  ) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Сводка пульса товаров за 7 или 30 суток с изменением к предыдущему окну',
    description: 'Дни окна — дни маркетплейса (по Москве). Менеджер видит только товары открытых ему брендов.',
  })
  @ApiOkResponse({ type: PulseSummaryDto })
  async summary(@CurrentScope() scope: DataScope, @Query() query: KpiQueryDto): Promise<PulseSummaryDto> {
    const [envelope, synced] = await Promise.all([
      summarise(
        query,
        (window) => this.repository.indicators(scope, window),
        () => this.accounts.connectedAt(scope.accountId),
      ),
      this.syncStates.lastSyncedAt(RNP_REFRESH, scope.accountId),
    ]);
    const at = synced[PULSE_PART];
    return { ...envelope, dataFreshnessMinutes: at ? Math.floor((Date.now() - at.getTime()) / MINUTE_MS) : null };
  }
}
