import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { IntParam } from '../../../common/validation/int-param';
import { BookingWarehouseListQueryDto, BookingWarehouseResponseDto, BookingWarehouseUpdateDto } from './booking-warehouses.dto';
import { BookingWarehousesService } from './booking-warehouses.service';

/** Spec: Booking. The FBW warehouses of an account with the coefficients last read. */
@ApiTags('booking')
@Controller('booking/warehouses')
export class BookingWarehousesController {
  constructor(private readonly warehouses: BookingWarehousesService) {}

  @Get()
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Склады WB и коэффициенты приёмки',
    description:
      'Склады из списка складов WB, когда маркетплейс его отдаёт, иначе из коэффициентов; коэффициенты — последние, что прочитал ' +
      'мониторинг слотов (склады задач — каждый цикл, остальные — раз в час), на 14 дней вперёд, с временем чтения updatedAt. ' +
      'Сначала избранные, затем по названию.',
  })
  @ApiPageResponse(BookingWarehouseResponseDto)
  list(@CurrentScope() scope: DataScope, @Query() query: BookingWarehouseListQueryDto): Promise<Page<BookingWarehouseResponseDto>> {
    return this.warehouses.list(scope, query);
  }

  @Patch(':warehouseId')
  @AccountScope({ from: 'body' })
  @ApiOperation({ summary: 'Отметить склад избранным', description: 'Склад, которого нет среди складов кабинета, — 404.' })
  @ApiOkResponse({ type: BookingWarehouseResponseDto })
  update(
    @CurrentScope() scope: DataScope,
    @IntParam('warehouseId') warehouseId: number,
    @Body() body: BookingWarehouseUpdateDto,
  ): Promise<BookingWarehouseResponseDto> {
    return this.warehouses.setFavourite(scope, warehouseId, body.favourite);
  }
}
