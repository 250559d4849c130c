import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { ThrottleGroupOf } from '../../../common/throttle/throttle.decorator';
import { UuidParam } from '../../../common/validation/uuid-param';
import { AI_BUDGET_RULE } from '../../../llm/llm-account-budget';
import { ComplaintDto, ComplaintListQueryDto, ComplaintPrepareDto } from './complaints.dto';
import { ComplaintsRepository } from './complaints.repository';
import { COMPLAINT_NOT_FOUND, ComplaintsService } from './complaints.service';

/** Spec: Reply routes, complaints. The seller files a complaint on the seller site: nothing is sent to the marketplace. */
@ApiTags('autoreply')
@Controller('autoreply/complaints')
export class ComplaintsController {
  constructor(private readonly complaints: ComplaintsService) {}

  @Post('prepare')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ThrottleGroupOf('llm')
  @ApiOperation({
    summary: 'Подготовить жалобу на отзыв',
    description:
      'По подходящему правилу: текст причины или шаблона, переписанный AI (если AI недоступен или его текст не прошёл проверку — исходный). ' +
      'Повторная подготовка перезаписывает жалобу, пока она не подана и не отклонена (иначе 409). Вопрос — 400, нет правила — 404. ' +
      `${AI_BUDGET_RULE} Сверх него или если бюджет не проверить, жалоба готовится с исходным текстом, без вызова AI.`,
  })
  @ApiOkResponse({ type: ComplaintDto })
  prepare(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ComplaintPrepareDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ComplaintDto> {
    return this.complaints.prepare(user, body, meta);
  }

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Жалобы кабинета',
    description: 'По умолчанию draft и pending, новые первыми; deepLink ведёт на экран отзывов сайта продавца.',
  })
  @ApiPageResponse(ComplaintDto)
  list(@CurrentScope() scope: DataScope, @Query() query: ComplaintListQueryDto): Promise<Page<ComplaintDto>> {
    return this.complaints.list(scope, query);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @EntityScope(ComplaintsRepository, COMPLAINT_NOT_FOUND)
  @ApiOperation({ summary: 'Отметить жалобу поданной', description: 'Продавец подал её на сайте маркетплейса; повторно — 409.' })
  @ApiOkResponse({ type: ComplaintDto })
  submit(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ComplaintDto> {
    return this.complaints.submit(user, id, meta);
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @EntityScope(ComplaintsRepository, COMPLAINT_NOT_FOUND)
  @ApiOperation({ summary: 'Отклонить жалобу', description: 'Жалоба не будет подана; повторно — 409.' })
  @ApiOkResponse({ type: ComplaintDto })
  dismiss(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<ComplaintDto> {
    return this.complaints.dismiss(user, id, meta);
  }
}
