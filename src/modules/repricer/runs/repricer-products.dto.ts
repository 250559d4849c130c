import { ApiProperty } from '@nestjs/swagger';

import { PageMetaDto } from '../../../common/http/pagination.dto';
import { REPRICER_ACTIONS, RepricerAction } from '../../../database/schema/repricer';
import { ProductItemDto } from '../../catalog/products/catalog-products.dto';
import { RepricerScheduleDto } from '../rules/repricer-service-schedule';

export class RepricerLinkedRuleDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: REPRICER_ACTIONS }) actionType!: RepricerAction;
  @ApiProperty({ description: 'Рубли (absolute) или проценты (percent)' }) actionValue!: number;
}

export class RepricerProductItemDto extends ProductItemDto {
  @ApiProperty({
    type: RepricerLinkedRuleDto,
    nullable: true,
    description:
      'Правило, которое применит запуск без показателей и бренда (ручной и по расписанию): самое раннее активное правило always по артикулу или списку',
  })
  rule!: RepricerLinkedRuleDto | null;
}

export class RepricerProductPageDto {
  @ApiProperty({ type: [RepricerProductItemDto] }) items!: RepricerProductItemDto[];
  @ApiProperty({ type: PageMetaDto }) meta!: PageMetaDto;
  @ApiProperty({ type: RepricerScheduleDto }) schedule!: RepricerScheduleDto;
}
