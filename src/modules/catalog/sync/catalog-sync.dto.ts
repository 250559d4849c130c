import { ApiProperty } from '@nestjs/swagger';

import { UuidField } from '../../../common/validation/fields';
import { JobStartedDto } from '../../../queue/job-status.dto';

export class CatalogSyncStartDto {
  @UuidField({ description: 'Кабинет, каталог которого синхронизировать' })
  mpAccountId!: string;
}

export class CatalogSyncStatusQueryDto {
  @UuidField()
  mpAccountId!: string;
}

export class CatalogSyncStartedDto extends JobStartedDto {}

export class CatalogSyncStatusDto {
  @ApiProperty({ enum: ['idle', 'running', 'error'] }) state!: 'idle' | 'running' | 'error';
  @ApiProperty({ description: 'Карточки кабинета в каталоге, без снятых с продажи' }) productCount!: number;
  @ApiProperty({ nullable: true, type: Date, description: 'Последняя синхронизация цен' }) lastSyncAt!: Date | null;
  @ApiProperty({ nullable: true, type: Date, description: 'Последняя синхронизация карточек' }) lastCardsSyncAt!: Date | null;
  @ApiProperty({ nullable: true, type: String, description: 'Ход или итог последней синхронизации' }) message!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Почему последняя синхронизация не удалась' }) errorMessage!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Задача последней синхронизации' }) jobId!: string | null;
}
