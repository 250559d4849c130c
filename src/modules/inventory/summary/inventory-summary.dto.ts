import { ApiProperty } from '@nestjs/swagger';

import { UuidField } from '../../../common/validation/fields';
import { InventorySourcesDto } from '../stocks/inventory-stocks.dto';

export class InventorySummaryQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

/** The inventory summary's own schema, no period: the state the last sync left. */
export class InventorySummaryDto {
  @ApiProperty({ description: 'Единиц на складах маркетплейса и продавца' }) units!: number;
  @ApiProperty({ description: 'В пути к покупателям' }) inWayToClient!: number;
  @ApiProperty({ description: 'В пути от покупателей' }) inWayFromClient!: number;
  @ApiProperty({ description: 'Товаров в наличии' }) skusInStock!: number;
  @ApiProperty({ description: 'Товаров без остатка' }) skusOutOfStock!: number;
  @ApiProperty({ description: 'Товаров в состоянии urgent' }) skusUrgent!: number;
  @ApiProperty({ description: 'Товаров в состоянии soon' }) skusSoon!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Среднее дней запаса по товарам в наличии с продажами; null — таких нет' })
  avgDaysOfCover!: number | null;
  @ApiProperty({ description: 'Единиц товаров без заказов за 30 дней' }) deadStockUnits!: number;
  @ApiProperty({ nullable: true, type: Date }) lastSnapshotAt!: Date | null;
  @ApiProperty({ nullable: true, type: InventorySourcesDto }) source!: InventorySourcesDto | null;
}
