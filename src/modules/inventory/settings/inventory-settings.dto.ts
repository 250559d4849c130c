import { ApiProperty } from '@nestjs/swagger';

import { DecimalField, IntField, UuidField } from '../../../common/validation/fields';
import { INVENTORY_SETTINGS_BOUNDS as B } from '../../../database/schema';

export class InventorySettingsQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class InventorySettingsUpdateDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @IntField({ optional: true, ...B.urgentDays, description: 'Срочно: запаса меньше чем на столько дней; меньше soonDays' })
  urgentDays?: number;

  @IntField({ optional: true, ...B.soonDays, description: 'Скоро: запаса меньше чем на столько дней; больше urgentDays' })
  soonDays?: number;

  @IntField({ optional: true, ...B.targetDays, description: 'План поставки по умолчанию: на сколько дней продаж' })
  targetDays?: number;

  @IntField({ optional: true, ...B.leadTimeDays, description: 'План поставки по умолчанию: дней до приёмки поставки' })
  leadTimeDays?: number;

  @DecimalField({ optional: true, ...B.safetyFactor, places: 2, description: 'План поставки по умолчанию: запас, множитель' })
  safetyFactor?: number | null;
}

export class InventorySettingsDto {
  @ApiProperty() mpAccountId!: string;
  @ApiProperty({ description: 'Срочно: запаса меньше чем на столько дней' }) urgentDays!: number;
  @ApiProperty({ description: 'Скоро: запаса меньше чем на столько дней' }) soonDays!: number;
  @ApiProperty({ description: 'План поставки: на сколько дней продаж' }) targetDays!: number;
  @ApiProperty({ description: 'План поставки: дней до приёмки' }) leadTimeDays!: number;
  @ApiProperty({ description: 'План поставки: запас, множитель' }) safetyFactor!: number;
  @ApiProperty({ nullable: true, type: Date, description: 'Когда изменены; null — действуют значения по умолчанию' })
  updatedAt!: Date | null;
}
