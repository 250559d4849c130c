import { ApiProperty } from '@nestjs/swagger';

import { UuidField } from '../../../common/validation/fields';
import { BID_PLACEMENTS, BidPlacementName } from '../../../database/schema/autobidder';
import { BidReasonDto } from './bid-reason.dto';

export class BidEngineRunCreateDto {
  @UuidField({ description: 'Кабинет' }) mpAccountId!: string;
}

export class BidEngineRunItemDto {
  @ApiProperty() advertId!: number;
  @ApiProperty() campaignName!: string;
  @ApiProperty() nmId!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Название товара в каталоге; null — каталог его ещё не загрузил' })
  productName!: string | null;
  @ApiProperty({ enum: BID_PLACEMENTS, nullable: true, description: 'null: синхронизация не дала ставок товара' })
  placement!: BidPlacementName | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Ставка до запуска, копейки' }) bidBefore!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Ставка после запуска, копейки (равна bidBefore, если не изменилась)' })
  bidAfter!: number | null;
  @ApiProperty({ format: 'uuid' }) strategyId!: string;
  @ApiProperty({ description: 'Почему ставка изменилась или осталась (суммы в копейках)' }) reason!: string;
  @ApiProperty({ type: BidReasonDto, description: 'Причина полями, из которых составлен reason' }) reasonFields!: BidReasonDto;
}

export class BidEngineRunResultDto {
  @ApiProperty({ description: 'Изменённые ставки, принятые маркетплейсом' }) applied!: number;
  @ApiProperty({ description: 'Ставки, которые маркетплейс отклонил (кампания отдельно от других): остались прежними' })
  refused!: number;
  @ApiProperty({ description: 'Ставки, оставленные как есть (и товары без данных о ставке)' }) skipped!: number;
  @ApiProperty({ type: [BidEngineRunItemDto] }) items!: BidEngineRunItemDto[];
}
