import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { RepricerRunCreateDto, RepricerRunItemResponseDto, RepricerRunListQueryDto, RepricerRunResultDto } from './repricer-runs.dto';
import { RepricerRunsService } from './repricer-runs.service';

@ApiTags('repricer')
@Controller('repricer')
export class RepricerRunsController {
  constructor(private readonly runs: RepricerRunsService) {}

  @Post('run')
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Запустить репрайсер по кабинету',
    description:
      'Синхронно: правила применяются к товарам каталога с ценой, изменённые цены уходят одной загрузкой (пакетами по 1000); каждый принятый пакет сразу записывается в историю цен. ' +
      'Отказ маркетплейса принять загрузку — ответ 200 с исходом error: changed — цены принятых до него пакетов, errorText — текст отказа. ' +
      'Ключ отклонён — 502 MP_AUTH_FAILED, маркетплейс недоступен — 502 MP_UNAVAILABLE, ожидание лимита дольше потолка — 429 TOO_MANY_REQUESTS (details.retryAfterSeconds, без вызова); запуск и в этих случаях остаётся в журнале с исходом error. ' +
      'Без items — ручной запуск: бренды и показатели неизвестны, срабатывают только правила always по артикулу и списку. Пока идёт запуск по кабинету, следующий ждёт его окончания (до 60 с, затем 409 CONFLICT). ' +
      'Запуск пишется в журнал аудита (repricer.run: кто, исход, сколько цен изменено).',
  })
  @ApiOkResponse({ type: RepricerRunResultDto })
  run(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: RepricerRunCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<RepricerRunResultDto> {
    return this.runs.runNow(user, body, meta);
  }

  @Get('runs')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Журнал запусков репрайсера',
    description: 'По времени запуска: по умолчанию новые первыми (sortDirection=desc), sortDirection=asc — старые первыми.',
  })
  @ApiPageResponse(RepricerRunItemResponseDto)
  list(@Query() query: RepricerRunListQueryDto): Promise<Page<RepricerRunItemResponseDto>> {
    return this.runs.listRuns(query);
  }
}
