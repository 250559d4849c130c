import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { pulseCsv } from './pulse-csv';
import { PULSE_RANGE_MAX_DAYS, PulseMatrixDto, PulseMatrixQueryDto } from './pulse-matrix.dto';
import { PulseMatrixService } from './pulse-matrix.service';

const WHO = 'Менеджер видит только товары открытых ему брендов.';
const QUERY =
  `Товары списка (listId) или nmIds, не оба, а без них — всех списков кабинета; диапазон до ${PULSE_RANGE_MAX_DAYS} дней. Список другого кабинета — 404, ` +
  'товар не из каталога — 404 со списком nmIds.';

@ApiTags('rnp')
@Controller('rnp/analytics')
export class PulseAnalyticsController {
  constructor(private readonly matrix: PulseMatrixService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Пульс товаров: матрица товар × день (неделя)',
    description:
      'По каждому товару — план из списка и ячейки дней или недель: воронка, реклама (CTR, цена клика, ДРР), цена, остаток и дни ' +
      `запаса, отзывы, план и факт заказов, отметки (oos_risk, drr_over_target, below_plan, bad_reviews, price_changed) и полнота данных. ${QUERY} ${WHO}`,
  })
  @ApiOkResponse({ type: PulseMatrixDto })
  async get(
    @CurrentScope() scope: DataScope,
    @Query() query: PulseMatrixQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const json = await this.matrix.matrixJson(scope, query);
    // JSON text already (the cells as PostgreSQL wrote them): Fastify sends a string of a JSON type as it is.
    reply.type('application/json; charset=utf-8');
    return json;
  }

  @Get('export')
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({
    summary: 'Пульс товаров файлом CSV',
    description:
      'Та же матрица строкой на товар и день (неделю): UTF-8 с BOM, разделитель «;», десятичная запятая, заголовки по-русски — ' +
      `как открывает Excel. ${QUERY} ${WHO}`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string' } })
  async export(
    @CurrentScope() scope: DataScope,
    @Query() query: PulseMatrixQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = pulseCsv(await this.matrix.matrix(scope, query));
    // Set once the file is made: a refusal before it answers the JSON envelope.
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="rnp-${query.dateFrom}-${query.dateTo}.csv"`);
    return csv;
  }
}
