import { ApiProperty } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { QueryIntField, UuidField } from '../../../common/validation/fields';
import { BID_PLACEMENTS, BidPlacementName } from '../../../database/schema/autobidder';
import { BidReasonDto } from '../engine/bid-reason.dto';

export class BidLogQueryDto extends PaginationQueryDto {
  @UuidField()
  mpAccountId!: string;

  @QueryIntField({ optional: true, min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Только эта кампания (advertId)' })
  campaignId?: number;
}

export class BidLogEntryDto {
  @ApiProperty() advertId!: number;
  @ApiProperty({ description: 'Название кампании на момент изменения' }) campaignName!: string;
  @ApiProperty() nmId!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Название товара в каталоге сейчас; null — каталог его не знает' })
  productName!: string | null;
  @ApiProperty({ enum: BID_PLACEMENTS }) placement!: BidPlacementName;
  @ApiProperty({ description: 'Ставка до изменения, копейки' }) bidBefore!: number;
  @ApiProperty({ description: 'Ставка после изменения, копейки' }) bidAfter!: number;
  @ApiProperty({ description: 'Почему ставка изменилась (суммы в копейках)' }) reason!: string;
  @ApiProperty({
    type: BidReasonDto,
    nullable: true,
    description: 'Причина полями, из которых составлен reason; null у записей, сделанных до того, как их стали хранить',
  })
  reasonFields!: BidReasonDto | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) strategyId!: string | null;
  @ApiProperty() createdAt!: Date;
}
