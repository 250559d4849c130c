import { ApiProperty } from '@nestjs/swagger';

import { UuidField } from '../../../common/validation/fields';
import { LIMIT_ACTIONS, LimitActionName } from '../../../database/schema/autobidder';
import type { LimitType } from './budget-check-decisions';

export class AdBudgetCheckDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class AdBudgetCheckItemDto {
  @ApiProperty({ format: 'uuid' }) budgetId!: string;
  @ApiProperty() advertId!: number;
  @ApiProperty({ enum: ['daily', 'period'], description: 'daily — расход за сегодня, period — с periodStartDate по сегодня' })
  limitType!: LimitType;
  @ApiProperty({ type: 'integer' }) limitRub!: number;
  @ApiProperty({ description: 'Расход в рублях, до копеек' }) spendRub!: number;
  @ApiProperty({ enum: LIMIT_ACTIONS }) action!: LimitActionName;
  @ApiProperty({ description: 'Действие выполнено на маркетплейсе' }) applied!: boolean;
  @ApiProperty({ description: 'Что сделано или почему не сделано' }) reason!: string;
}

export class AdBudgetCheckResponseDto {
  @ApiProperty({ description: 'Проверено лимитов' }) checked!: number;
  @ApiProperty({ description: 'Сработало лимитов (дневной и периодный части одного лимита считаются отдельно)' }) triggered!: number;
  @ApiProperty({ type: [AdBudgetCheckItemDto] }) items!: AdBudgetCheckItemDto[];
}
