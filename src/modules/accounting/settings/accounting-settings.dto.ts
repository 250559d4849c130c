import { ApiProperty } from '@nestjs/swagger';

import { DecimalField, EnumField, UuidField } from '../../../common/validation/fields';
import { TAX_REGIMES, TaxRegime } from '../../../database/schema/accounting';

const REGIMES = 'usn_income — УСН «доходы», usn_income_expense — УСН «доходы минус расходы», osno — ОСНО, none — без налога в P&L';

export class AccountingSettingsQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class AccountingSettingsUpdateDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @EnumField(TAX_REGIMES, { description: `Налоговый режим: ${REGIMES}` })
  taxRegime!: TaxRegime;

  @DecimalField({ min: 0, max: 100, places: 2, description: 'Ставка налога, %' })
  taxRatePct!: number;
}

export class AccountingSettingsDto {
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ enum: TAX_REGIMES, description: REGIMES }) taxRegime!: TaxRegime;
  @ApiProperty({ type: Number, description: 'Ставка налога, %' }) taxRatePct!: number;
  @ApiProperty({ nullable: true, type: Date, description: 'Когда изменены; null — не заданы (налог в P&L не считается)' })
  updatedAt!: Date | null;
}
