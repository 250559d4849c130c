import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { InboxItemDto, InboxListQueryDto } from './inbox.dto';
import { InboxService } from './inbox.service';

@ApiTags('autoreply')
@Controller('autoreply/inbox')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Отзывы и вопросы кабинета',
    description: 'Как их оставила последняя синхронизация; по умолчанию новые первыми. label: answered — на маркетплейсе есть ответ.',
  })
  @ApiPageResponse(InboxItemDto)
  list(@CurrentScope() scope: DataScope, @Query() query: InboxListQueryDto): Promise<Page<InboxItemDto>> {
    return this.inbox.list(scope, query);
  }
}
