import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../common/http/pagination.dto';
import {
  IntField,
  NestedArrayField,
  QueryBooleanField,
  QueryIntField,
  StringArrayField,
  StringField,
} from '../../common/validation/fields';
import { PublicJobState } from '../../queue/job-state';

export class ExampleItemCreateDto {
  @StringField({ maxLength: 200, example: 'Футболка' })
  name!: string;

  @IntField({ min: 1, max: 100_000_000, description: 'Цена в целых рублях', example: 1990 })
  price!: number;

  @StringArrayField({ optional: true, maxItems: 10, maxLength: 50, example: ['лето'] })
  tags?: string[];
}

export class ExampleItemBatchCreateDto {
  @NestedArrayField(() => ExampleItemCreateDto, { maxItems: 100 })
  items!: ExampleItemCreateDto[];
}

export const EXAMPLE_ITEM_SORT_FIELDS = ['name', 'price', 'createdAt'] as const;

export class ExampleItemListQueryDto extends SortablePaginationQueryDto(EXAMPLE_ITEM_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @StringField({ optional: true, maxLength: 200, description: 'Подстрока названия, без учёта регистра' })
  q?: string;

  @QueryIntField({ optional: true, min: 1, description: 'Цена не ниже, руб.' })
  minPrice?: number;

  @QueryBooleanField({ optional: true, description: 'Только с тегами (true) или только без (false)' })
  hasTags?: boolean;
}

export class ExampleItemResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Цена в целых рублях' }) price!: number;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty() createdAt!: Date;
}

export class ExampleBatchCreatedDto {
  @ApiProperty() created!: number;
}

export class ExampleQueueJobCreateDto {
  @StringField({ maxLength: 500, example: 'hello' })
  message!: string;

  @IntField({ optional: true, min: 0, max: 60_000, description: 'Сколько миллисекунд обработчик работает' })
  workMs?: number;
}

export class ExampleQueueJobAcceptedDto {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
}

export class ExampleQueueJobStatusDto {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
  @ApiProperty({ enum: ['pending', 'active', 'completed', 'failed'] }) state!: PublicJobState;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true, description: 'Результат обработчика, когда задача выполнена' })
  result!: unknown;
}
