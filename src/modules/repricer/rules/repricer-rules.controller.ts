import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  RepricerRuleCreateDto,
  RepricerRuleListQueryDto,
  RepricerRulePageDto,
  RepricerRuleResponseDto,
  RepricerRuleUpdateDto,
} from './repricer-rules.dto';
import { RepricerRulesRepository } from './repricer-rules.repository';
import { RepricerRulesService, RULE_NOT_FOUND } from './repricer-rules.service';

/** Spec: Repricer routes, rules. The run interval is the service's schedule and is not a rule field (engine rule 7). */
@ApiTags('repricer')
@Controller('repricer/rules')
export class RepricerRulesController {
  constructor(private readonly rules: RepricerRulesService) {}

  @Post()
  @AccountScope({ from: 'body' })
  @ApiOperation({ summary: 'Создать правило репрайсера', description: 'При нескольких подходящих правилах срабатывает созданное раньше.' })
  @ApiCreatedResponse({ type: RepricerRuleResponseDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: RepricerRuleCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<RepricerRuleResponseDto> {
    return this.rules.create(user, body, meta);
  }

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Правила кабинета и расписание запусков',
    description: 'Удалённые правила не показываются; по умолчанию в порядке создания. schedule — расписание сервиса, его нельзя изменить.',
  })
  @ApiOkResponse({ type: RepricerRulePageDto })
  list(@CurrentScope() scope: DataScope, @Query() query: RepricerRuleListQueryDto): Promise<RepricerRulePageDto> {
    return this.rules.list(scope, query);
  }

  @Get(':id')
  @EntityScope(RepricerRulesRepository, RULE_NOT_FOUND)
  @ApiOperation({ summary: 'Правило по id' })
  @ApiOkResponse({ type: RepricerRuleResponseDto })
  get(@UuidParam('id') id: string): Promise<RepricerRuleResponseDto> {
    return this.rules.get(id);
  }

  @Patch(':id')
  @EntityScope(RepricerRulesRepository, RULE_NOT_FOUND)
  @ApiOperation({
    summary: 'Изменить правило',
    description: 'Частичное изменение; кабинет правила не меняется. null убирает порог, minPrice или maxPrice.',
  })
  @ApiOkResponse({ type: RepricerRuleResponseDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('id') id: string,
    @Body() body: RepricerRuleUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<RepricerRuleResponseDto> {
    return this.rules.update(user, id, body, meta);
  }

  @Delete(':id')
  @EntityScope(RepricerRulesRepository, RULE_NOT_FOUND)
  @HttpCode(204)
  @ApiOperation({ summary: 'Удалить правило', description: 'Мягкое удаление: прошлые запуски и история цен сохраняются.' })
  @ApiNoContentResponse()
  remove(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string, @CurrentRequestMeta() meta: RequestMeta): Promise<void> {
    return this.rules.remove(user, id, meta);
  }
}
