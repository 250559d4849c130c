import { ApiProperty, OmitType } from '@nestjs/swagger';

import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import type { KpiPeriod } from '../../../common/kpi/kpi-window';

export class AccountingSummaryQueryDto extends OmitType(KpiQueryDto, ['series'] as const) {}

const DELTA =
  'Изменение к предыдущему окну той же длины, % от модуля прежнего значения; null — прежнее 0 или окно не покрыто данными кабинета целиком';

/** Marketplace costs of the window by kind (the P&L's figures), each with its delta. */
export class AccountingMarketplaceCostsDto {
  @ApiProperty() commission!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) commissionDelta!: number | null;
  @ApiProperty() logistics!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) logisticsDelta!: number | null;
  @ApiProperty() storage!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) storageDelta!: number | null;
  @ApiProperty() acceptance!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) acceptanceDelta!: number | null;
  @ApiProperty({ description: 'Штрафы и удержания' }) penalties!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) penaltiesDelta!: number | null;
  @ApiProperty() acquiring!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) acquiringDelta!: number | null;
  @ApiProperty({ description: 'Компенсации, лояльность, прочие операции, упаковка, фулфилмент' }) otherMp!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) otherMpDelta!: number | null;
}

/** The financial summary's own schema. */
export class AccountingSummaryDto {
  @ApiProperty({ enum: ['7d', '30d'] }) period!: KpiPeriod;
  @ApiProperty({ enum: ['RUB'] }) currency!: 'RUB';
  @ApiProperty({ description: 'Выручка окна (P&L)' }) revenue!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) revenueDelta!: number | null;
  @ApiProperty({ description: 'К перечислению: Σ for_pay отчётов реализации, период которых целиком в окне' }) forPay!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) forPayDelta!: number | null;
  @ApiProperty({ type: AccountingMarketplaceCostsDto }) marketplaceCosts!: AccountingMarketplaceCostsDto;
  @ApiProperty() advertising!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) advertisingDelta!: number | null;
  @ApiProperty() cogs!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) cogsDelta!: number | null;
  @ApiProperty({ description: 'Налог P&L на базу окна' }) tax!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) taxDelta!: number | null;
  @ApiProperty() netProfit!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) netProfitDelta!: number | null;
  @ApiProperty({ type: Number, nullable: true }) marginPct!: number | null;
  @ApiProperty({ type: Number, nullable: true }) roiPct!: number | null;
  @ApiProperty({ description: 'Выплаты окна: −Σ операций payout' }) payout!: number;
  @ApiProperty({ type: Number, nullable: true, description: DELTA }) payoutDelta!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Баланс у маркетплейса по последнему чтению; null — не читался' })
  balance!: number | null;
  @ApiProperty({ description: 'Отчётов реализации в состоянии mismatch (за всё время)' }) unreconciledReports!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Доля проданных штук окна с себестоимостью, %' })
  costCoveragePct!: number | null;
  @ApiProperty({ type: Date, nullable: true, description: 'Последняя запись операций, отчётов или баланса; null — данных нет' })
  updatedAt!: Date | null;
}
