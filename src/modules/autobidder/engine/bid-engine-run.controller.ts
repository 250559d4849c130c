import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { AccountScope } from '../../../common/auth/scope.guard';
import { BidEngineRunCreateDto, BidEngineRunResultDto } from './bid-engine-run.dto';
import { BidEngineRunService } from './bid-engine-run.service';

/** Spec: Bid engine routes, the run. */
@ApiTags('autobidder')
@Controller('autobidder/run')
export class BidEngineRunController {
  constructor(private readonly runs: BidEngineRunService) {}

  @Post()
  @HttpCode(200)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Запустить движок ставок по кабинету',
    description:
      'Синхронно: активные стратегии пересчитывают ставки кампаний, активных на маркетплейсе и с включённым Auto (ставки в копейках). ' +
      'Изменённые ставки уходят на маркетплейс запросами до 50 кампаний; каждый принятый запрос сразу попадает в журнал ставок. ' +
      'Если маркетплейс отклонит запрос, запуск завершается ошибкой (502 MP_UNAVAILABLE с текстом отказа), и по этому запросу журнал не пишется; ' +
      'запросы, принятые до него в том же запуске, уже изменили ставки и остаются в журнале. Ключ отклонён — 502 MP_AUTH_FAILED. ' +
      'Пока идёт запуск по кабинету, следующий ждёт его окончания (до 60 с, затем 409 CONFLICT).',
  })
  @ApiOkResponse({ type: BidEngineRunResultDto })
  run(@CurrentUser() user: AuthenticatedUser, @Body() body: BidEngineRunCreateDto): Promise<BidEngineRunResultDto> {
    return this.runs.runNow(user.id, body.mpAccountId);
  }
}
