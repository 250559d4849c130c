import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountsReader } from '../../accounts/accounts.reader';
import { CurrentScope, DataScope } from '../../common/auth/data-scope';
import { AccountScope } from '../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { KpiQueryDto } from '../../common/kpi/kpi-query.dto';
import { summarise } from '../../common/kpi/kpi-summary';
import { ContentAuditItemDto, ContentAuditQueryDto, ContentSummaryDto } from './content.dto';
import { ContentAuditService } from './content-audit.service';
import { ContentSummaryRepository } from './content-summary.repository';

/** Spec: content studio. The cards' scores without AI, and the studio's indicators. */
@ApiTags('content')
@Controller('content')
export class ContentAuditController {
  constructor(
    private readonly audits: ContentAuditService,
    private readonly summaries: ContentSummaryRepository,
    private readonly accounts: AccountsReader,
  ) {}

  @Get('audit')
  @AccountScope({ from: 'query', brands: true })
  @ApiOperation({
    summary: 'Оценка текстов карточек, худшие сначала',
    description:
      'Без ИИ и без обращения к маркетплейсу: тексты, как их сохранила последняя синхронизация каталога, поисковые запросы последнего черновика ' +
      'карточки (до первого черновика оценка без них), бренды других карточек кабинета как чужие. scoreBelow — только оценки ниже.',
  })
  @ApiPageResponse(ContentAuditItemDto)
  audit(@CurrentScope() scope: DataScope, @Query() query: ContentAuditQueryDto): Promise<Page<ContentAuditItemDto>> {
    return this.audits.audit(scope, query);
  }

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Показатели текстов карточек за 7 или 30 суток UTC с изменением к предыдущему окну' })
  @ApiOkResponse({ type: ContentSummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: KpiQueryDto): Promise<ContentSummaryDto> {
    return summarise(
      query,
      (window) => this.summaries.indicators(scope, window),
      () => this.accounts.connectedAt(scope.accountId),
    );
  }
}
