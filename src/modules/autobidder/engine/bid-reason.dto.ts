import { ApiProperty } from '@nestjs/swagger';

import { BID_REASON_KINDS, BidReason, BidReasonKind } from '../../../shared/autobidder/bid-reason';

/** Spec: engine rules 1-6. Why a bid is where it is, as fields; `reason` is the sentence made from them. */
export class BidReasonDto implements BidReason {
  @ApiProperty({
    enum: BID_REASON_KINDS,
    description:
      'no_bid_data — нет данных о ставке; not_recalculated — цель не пересчитывает ставку; no_clicks — показы без кликов; ' +
      'few_clicks — мало кликов после изменения; unchanged — не изменилась; raise_blocked — лимит бюджета запретил повышение; ' +
      'raised, lowered — к целевой цене клика; bounded — приведена к границам стратегии; refused — маркетплейс отклонил ставку',
  })
  kind!: BidReasonKind;
  @ApiProperty({ type: Number, nullable: true, description: 'Ставка до решения, копейки; null без данных о ставке' })
  before!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Ставка после решения, копейки (равна before, если не изменилась); null без данных о ставке',
  })
  after!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'raised, lowered: целевая цена клика, копейки; few_clicks: нужное число кликов',
  })
  target!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'few_clicks: клики после изменения ставки' })
  actual!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'raised, lowered, bounded: минимальная ставка стратегии, копейки' })
  minBid!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'raised, lowered, bounded: максимальная ставка стратегии, копейки' })
  maxBid!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'refused: слова маркетплейса' })
  refusal!: string | null;
}
