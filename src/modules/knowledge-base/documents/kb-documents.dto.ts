import { ApiProperty, PickType } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { EnumField, UuidField } from '../../../common/validation/fields';
import { KB_DOCUMENT_STATUSES, KbDocumentStatus } from '../../../database/schema';

const STATUS_DESCRIPTION =
  'processing — текст извлекается, indexed — находится поиском, failed — не прочитан (причина в failureReason), ' +
  'skipped — в нём нет текста (скан, пустой файл)';

export class KbDocumentUploadedDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['processing'], description: 'Текст извлекается в фоне; итог — в GET /knowledge-base/documents/{id}' })
  status!: 'processing';
}

export class KbDocumentListQueryDto extends PickType(PaginationQueryDto, ['page', 'limit'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @EnumField(KB_DOCUMENT_STATUSES, { optional: true, description: 'Только документы в этом статусе' })
  status?: KbDocumentStatus;
}

/** Spec: Knowledge base, an uploaded document. */
export class KbDocumentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Бренд; null — документ всего кабинета' }) brandId!:
    string | null;
  @ApiProperty({ type: [Number], description: 'Товары (nmId); пусто — все товары бренда или кабинета' }) nmIds!: number[];
  @ApiProperty({ description: 'Имя файла, как его загрузили' }) fileName!: string;
  @ApiProperty({ description: 'Тип по содержимому файла: PDF, DOCX, XLSX, text/plain или text/markdown' }) mimeType!: string;
  @ApiProperty({ type: 'integer' }) sizeBytes!: number;
  @ApiProperty({ description: 'SHA-256 файла (hex): один и тот же файл хранится в кабинете один раз' }) sha256!: string;
  @ApiProperty({ enum: KB_DOCUMENT_STATUSES, description: STATUS_DESCRIPTION }) status!: KbDocumentStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Почему документ не прочитан или пропущен' }) failureReason!: string | null;
  @ApiProperty({ type: 'integer', description: 'Сколько фрагментов находится поиском' }) chunksCount!: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Кто загрузил' }) createdBy!: string | null;
  @ApiProperty() createdAt!: Date;
}
