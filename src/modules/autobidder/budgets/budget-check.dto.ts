import { ApiProperty } from '@nestjs/swagger';

import { UuidField } from '../../../common/validation/fields';
import { LIMIT_ACTIONS, LimitActionName } from '../../../database/schema/autobidder';
import { BUDGET_OUTCOMES, BudgetOutcome } from './budget-actions';
import type { LimitType } from './budget-check-decisions';

export class AdBudgetCheckDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class AdBudgetDayRangeDto {
  @ApiProperty({ type: 'string', format: 'date', description: 'Первый день (по Москве)' }) from!: string;
  @ApiProperty({ type: 'string', format: 'date', description: 'Последний день, включительно' }) to!: string;
}

/** A limit part and its spend, with the days the spend could not count. */
export class AdBudgetSpendPartDto {
  @ApiProperty({ format: 'uuid' }) budgetId!: string;
  @ApiProperty() advertId!: number;
  @ApiProperty({ enum: ['daily', 'period'], description: 'daily — расход за сегодня, period — с periodStartDate по сегодня' })
  limitType!: LimitType;
  @ApiProperty({ type: 'integer' }) limitRub!: number;
  @ApiProperty({ description: 'Расход в рублях, до копеек' }) spendRub!: number;
  @ApiProperty({ enum: LIMIT_ACTIONS }) action!: LimitActionName;
  @ApiProperty({ description: 'Статистика загружена за все дни лимита: false — расход без missingDays' }) spendComplete!: boolean;
  @ApiProperty({ type: [AdBudgetDayRangeDto], description: 'Дни лимита без загруженной статистики (пусто при spendComplete: true)' })
  missingDays!: AdBudgetDayRangeDto[];
}

export class AdBudgetCheckItemDto extends AdBudgetSpendPartDto {
  @ApiProperty({ description: 'Действие выполнено на маркетплейсе' }) applied!: boolean;
  @ApiProperty({
    enum: BUDGET_OUTCOMES,
    description:
      'applied — выполнено; at_minimum — все ставки уже на минимальных ставках маркетплейса, ничего не отправлено; ' +
      'refused — маркетплейс отказал (его слова в reason); failed — вызов не удался (ключ отклонён, маркетплейс недоступен); ' +
      'skipped — ставки не загружены синхронизацией',
  })
  outcome!: BudgetOutcome;
  @ApiProperty({ description: 'Что сделано или почему не сделано' }) reason!: string;
}

export class AdBudgetCheckResponseDto {
  @ApiProperty({ description: 'Проверено лимитов' }) checked!: number;
  @ApiProperty({ description: 'Сработало лимитов (дневной и периодный части одного лимита считаются отдельно)' }) triggered!: number;
  @ApiProperty({ type: [AdBudgetCheckItemDto], description: 'Сработавшие части лимитов' }) items!: AdBudgetCheckItemDto[];
  @ApiProperty({
    type: [AdBudgetSpendPartDto],
    description: 'Несработавшие части лимитов, расход которых посчитан не за все дни (spendComplete: false): они могут быть достигнуты',
  })
  incomplete!: AdBudgetSpendPartDto[];
}
