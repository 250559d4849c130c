import { ApiProperty } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { UuidField } from '../../../common/validation/fields';
import { COVER_STATUSES, CoverStatus } from '../../../database/schema';

export class InventoryAlertsQueryDto extends PaginationQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class InventoryAlertDto {
  @ApiProperty() nmId!: number;
  @ApiProperty() vendorCode!: string;
  @ApiProperty() title!: string;
  @ApiProperty() brand!: string;
  @ApiProperty({ enum: COVER_STATUSES, description: 'urgent, soon или oos (закончился за последние 7 дней)' }) status!: CoverStatus;
  @ApiProperty() quantity!: number;
  @ApiProperty({ nullable: true, type: Number }) velocityPerDay!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'На сколько дней хватит остатка' }) daysOfCover!: number | null;
  @ApiProperty({ type: Date, description: 'С какого момента товар в этом состоянии' }) since!: Date;
}
