import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { KbFlaggedChunkDto, KbFlaggedQueryDto, KbSearchRequestDto, KbSearchResponseDto } from './kb-search.dto';
import { KbSearchService } from './kb-search.service';

const SCOPE = 'Менеджер находит сведения открытых ему брендов и всего кабинета (без бренда).';

/** Search over an account's knowledge base; no AI takes part, so it does not count against the AI limit. */
@ApiTags('knowledge-base')
@Controller('knowledge-base')
export class KbSearchController {
  constructor(private readonly search: KbSearchService) {}

  @Post('search')
  @HttpCode(200)
  @AccountScope({ from: 'body', validated: true, brands: true, brand: 'brandId' })
  @ApiOperation({
    summary: 'Поиск по базе знаний',
    description:
      'Полнотекстовый поиск (русская морфология) и триграммное сходство — находит и с опечаткой; только опубликованные статьи ' +
      `и обработанные документы, без фрагментов, похожих на инструкции для ИИ. ${SCOPE}`,
  })
  @ApiOkResponse({ type: KbSearchResponseDto })
  find(@CurrentScope() scope: DataScope, @Body() body: KbSearchRequestDto): Promise<KbSearchResponseDto> {
    return this.search.search(scope, body);
  }

  @Get('flagged')
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Фрагменты базы знаний, похожие на инструкции для ИИ',
    description: `Они не находятся поиском и не попадают в запросы к ИИ. Новые первыми. ${SCOPE}`,
  })
  @ApiPageResponse(KbFlaggedChunkDto)
  flagged(@CurrentScope() scope: DataScope, @Query() query: KbFlaggedQueryDto): Promise<Page<KbFlaggedChunkDto>> {
    return this.search.flagged(scope, query);
  }
}
