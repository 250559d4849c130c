import { ApiProperty } from '@nestjs/swagger';

import { priceUpload } from '../../marketplace/endpoints/prices';

export class MpAccountCheckResponseDto {
  @ApiProperty({ example: true }) ok!: true;
  @ApiProperty({ description: 'Когда маркетплейс принял ключ' }) checkedAt!: Date;
}

export class RateHeadersDto {
  @ApiProperty({ required: false, description: 'X-Ratelimit-Remaining' }) remaining?: number;
  @ApiProperty({ required: false, description: 'X-Ratelimit-Limit' }) limit?: number;
  @ApiProperty({ required: false, description: 'X-Ratelimit-Reset, секунды' }) resetSec?: number;
  @ApiProperty({ required: false, description: 'X-Ratelimit-Retry (или Retry-After), секунды' }) retrySec?: number;
  @ApiProperty({ description: 'Когда заголовки получены' }) at!: string;
}

export class RateBucketDto {
  @ApiProperty({ example: 'prices' }) scope!: string;
  @ApiProperty({ example: priceUpload.path, description: 'Путь метода; номера задач заменены на {task_id}' }) path!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: priceUpload.label,
    description:
      'Метод маркетплейса словами продавца (методы на одном пути делят корзину и перечислены через «; »); null — путь, которого нет в определениях сервиса',
  })
  label!: string | null;
  @ApiProperty({ description: 'Ёмкость корзины (burst)' }) capacity!: number;
  @ApiProperty({ description: 'Токенов сейчас' }) tokens!: number;
  @ApiProperty({ description: 'Пополнение, токенов в секунду' }) refillPerSecond!: number;
  @ApiProperty({ nullable: true, type: String, description: 'До этого времени корзина закрыта после ответа 429' }) penaltyUntil!:
    string | null;
  @ApiProperty({ nullable: true, type: RateHeadersDto, description: 'Последние заголовки лимитов от маркетплейса' })
  lastHeaders!: RateHeadersDto | null;
}

export class MpAccountQuotaDto {
  @ApiProperty({ type: [RateBucketDto] }) buckets!: RateBucketDto[];
}
