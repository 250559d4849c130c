import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../common/auth/request-meta';
import { AccountScope } from '../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { RouteDocs } from '../../common/http/resource-routes';
import { UuidParam } from '../../common/validation/uuid-param';
import { MpAccountCheckResponseDto, MpAccountQuotaDto } from './mp-account-marketplace.dto';
import { MpAccountMarketplaceService } from './mp-account-marketplace.service';
import { MpAccountCreateDto, MpAccountListQueryDto, MpAccountResponseDto, MpAccountUpdateDto } from './mp-accounts.dto';
import { ACCOUNTS_CAP, MpAccountsService } from './mp-accounts.service';

@ApiTags('mp-accounts')
@Controller('mp-accounts')
export class MpAccountsController {
  constructor(
    private readonly accounts: MpAccountsService,
    private readonly marketplace: MpAccountMarketplaceService,
  ) {}

  @Post()
  @RouteDocs({
    summary: 'Подключить кабинет маркетплейса (владелец — текущий пользователь)',
    description: 'Удалённые кабинеты в предел не входят.',
    caps: [ACCOUNTS_CAP],
  })
  @ApiCreatedResponse({ type: MpAccountResponseDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: MpAccountCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<MpAccountResponseDto> {
    return this.accounts.create(user, body, meta);
  }

  @Get()
  @ApiOperation({ summary: 'Кабинеты: администратор видит все, остальные — свои' })
  @ApiPageResponse(MpAccountResponseDto)
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: MpAccountListQueryDto): Promise<Page<MpAccountResponseDto>> {
    return this.accounts.list(user, query);
  }

  @Get(':id')
  @AccountScope({ from: 'param', key: 'id' })
  @ApiOperation({ summary: 'Кабинет по id' })
  @ApiOkResponse({ type: MpAccountResponseDto })
  get(@UuidParam('id') id: string): Promise<MpAccountResponseDto> {
    return this.accounts.get(id);
  }

  @Patch(':id')
  @AccountScope({ from: 'param', key: 'id' })
  @ApiOperation({ summary: 'Изменить название, активность или ключ API кабинета' })
  @ApiOkResponse({ type: MpAccountResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('id') id: string,
    @Body() body: MpAccountUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<MpAccountResponseDto> {
    return this.accounts.update(user, id, body, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @AccountScope({ from: 'param', key: 'id' })
  @ApiOperation({ summary: 'Удалить кабинет' })
  @ApiNoContentResponse()
  remove(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string, @CurrentRequestMeta() meta: RequestMeta): Promise<void> {
    return this.accounts.remove(user, id, meta);
  }

  @Post(':id/check')
  @HttpCode(200)
  @AccountScope({ from: 'param', key: 'id' })
  @ApiOperation({ summary: 'Проверить ключ: запрос ping к маркетплейсу с ключом кабинета (категории токена не проверяются)' })
  @ApiOkResponse({ type: MpAccountCheckResponseDto })
  check(@UuidParam('id') id: string): Promise<MpAccountCheckResponseDto> {
    return this.marketplace.check(id);
  }

  @Get(':id/quota')
  @AccountScope({ from: 'param', key: 'id' })
  @ApiOperation({ summary: 'Состояние исходящих лимитов кабинета по методам маркетплейса (чтение не расходует токены)' })
  @ApiOkResponse({ type: MpAccountQuotaDto })
  quota(@UuidParam('id') id: string): Promise<MpAccountQuotaDto> {
    return this.marketplace.quota(id);
  }
}
