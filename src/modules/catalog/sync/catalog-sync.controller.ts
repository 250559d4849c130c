import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountScope } from '../../../common/auth/scope.guard';
import { CatalogSyncStartDto, CatalogSyncStartedDto, CatalogSyncStatusDto, CatalogSyncStatusQueryDto } from './catalog-sync.dto';
import { CatalogSyncService } from './catalog-sync.service';

@ApiTags('catalog')
@Controller('catalog/sync')
export class CatalogSyncController {
  constructor(private readonly sync: CatalogSyncService) {}

  @Post()
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({ summary: 'Синхронизировать каталог кабинета: карточки, затем цены' })
  @ApiAcceptedResponse({ type: CatalogSyncStartedDto })
  start(@Body() body: CatalogSyncStartDto): Promise<CatalogSyncStartedDto> {
    return this.sync.start(body.mpAccountId);
  }

  @Get('status')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Состояние синхронизации каталога кабинета' })
  @ApiOkResponse({ type: CatalogSyncStatusDto })
  status(@Query() query: CatalogSyncStatusQueryDto): Promise<CatalogSyncStatusDto> {
    return this.sync.status(query.mpAccountId);
  }
}
