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
      'Цель cpc: ставка × целевая цена клика ÷ фактическая, не больше чем на 50 % за окно данных. Ставку, которую сервис (движок или ' +
      'лимит бюджета) менял за последние 7 суток, движок снова меняет только по данным, собранным при новой ставке: фактическая цена ' +
      'клика — расход ÷ клики после изменения; пока таких кликов меньше AUTOBIDDER_MIN_CLICKS (по умолчанию 20), ставка остаётся ' +
      '(причина это называет). Так ±50 % действуют на окно данных, а не на минутный запуск. Ставка, которую сервис за 7 суток не менял, ' +
      'считается по 7 суткам, как прежде (нет статистики — целевая цена, показы без кликов — без изменений). Каждая ставка, и оставленная, ' +
      'приводится к границам стратегии. Кампания, чей лимит бюджета сегодняшняя проверка нашла достигнутым, не получает повышений, ' +
      'пока более поздняя проверка не найдёт его недостигнутым (снижать можно). ' +
      'Изменённые ставки уходят на маркетплейс запросами до 50 кампаний; каждый принятый запрос сразу попадает в журнал ставок. ' +
      'Отклонённый запрос отправляется ещё раз по одной кампании: принятые кампании применяются, отклонённые остаются с прежней ставкой ' +
      'и словами маркетплейса в reason (refused). Если маркетплейс отклонил все кампании запроса, запуск завершается ошибкой ' +
      '(502 MP_UNAVAILABLE с текстом отказа), и по этому запросу журнал не пишется; запросы, принятые до него, уже изменили ставки и ' +
      'остаются в журнале. Ключ отклонён — 502 MP_AUTH_FAILED. Запуск попадает в журнал аудита, только если изменил ставки. ' +
      'Пока идёт запуск по кабинету, следующий ждёт его окончания (до 60 с, затем 409 CONFLICT).',
  })
  @ApiOkResponse({ type: BidEngineRunResultDto })
  run(@CurrentUser() user: AuthenticatedUser, @Body() body: BidEngineRunCreateDto): Promise<BidEngineRunResultDto> {
    return this.runs.runNow(user.id, body.mpAccountId);
  }
}
