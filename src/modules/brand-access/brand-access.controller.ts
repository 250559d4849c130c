import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../common/auth/request-meta';
import { Roles } from '../../common/auth/roles';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { UuidParam } from '../../common/validation/uuid-param';
import { BrandAccessGrantDto, BrandAccessListQueryDto, BrandAccessResponseDto } from './brand-access.dto';
import { BrandAccessService } from './brand-access.service';

@ApiTags('brand-access')
@Roles('admin')
@Controller('brand-access')
export class BrandAccessController {
  constructor(private readonly brandAccess: BrandAccessService) {}

  @Post()
  @ApiOperation({ summary: 'Открыть менеджеру бренд (только администратор)' })
  @ApiCreatedResponse({ type: BrandAccessResponseDto })
  grant(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: BrandAccessGrantDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<BrandAccessResponseDto> {
    return this.brandAccess.grant(user, body.userId, body.brandId, meta);
  }

  @Get()
  @ApiOperation({ summary: 'Выданные доступы к брендам (только администратор)' })
  @ApiPageResponse(BrandAccessResponseDto)
  list(@Query() query: BrandAccessListQueryDto): Promise<Page<BrandAccessResponseDto>> {
    return this.brandAccess.list(query);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Отозвать доступ к бренду (только администратор)' })
  @ApiNoContentResponse()
  revoke(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string, @CurrentRequestMeta() meta: RequestMeta): Promise<void> {
    return this.brandAccess.revoke(user, id, meta);
  }
}
