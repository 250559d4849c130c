import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { AccountScope } from '../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { AuditLogListQueryDto, AuditLogResponseDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller('audit-logs')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @AccountScope({ from: 'query', optional: true })
  @ApiOperation({ summary: 'Журнал действий: администратор видит всё, остальные — свои кабинеты и свои действия' })
  @ApiPageResponse(AuditLogResponseDto)
  list(@Query() query: AuditLogListQueryDto, @CurrentUser() user: AuthenticatedUser): Promise<Page<AuditLogResponseDto>> {
    return this.audit.list(query, user);
  }
}
