import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { EnumField, QueryIntField, StringField, UuidField } from '../../../common/validation/fields';
import { INBOX_KINDS, InboxKind, REPLY_DRAFT_STATUSES, REPLY_SOURCES, ReplyDraftStatus, ReplySource } from '../../../database/schema';
import { JobStartedDto } from '../../../queue/job-status.dto';
import { DRAFT_NOTE_DESCRIPTION, SCHEDULED_AT_DESCRIPTION } from '../drafts/reply-drafts.dto';
import { INBOX_LABELS, InboxLabel } from './inbox.repository';

export const INBOX_SORT_FIELDS = ['createdAt', 'rating'] as const;
/** Spec: Other bounds, search q. */
const INBOX_SEARCH_MAX_LENGTH = 200;

export class AutoreplySyncStartDto {
  @UuidField({ description: 'Кабинет, отзывы и вопросы которого получить с маркетплейса' })
  mpAccountId!: string;
}

export class AutoreplySyncStartedDto extends JobStartedDto {}

export class InboxListQueryDto extends SortablePaginationQueryDto(INBOX_SORT_FIELDS, { sortBy: 'createdAt', sortDirection: 'desc' }) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @EnumField(INBOX_KINDS, { optional: true, description: 'feedback — отзывы, question — вопросы' })
  kind?: InboxKind;

  @EnumField(INBOX_LABELS, {
    optional: true,
    description: 'waiting — ждёт ответа (черновик или очередь тоже), answered — отвечен, skipped — ответ не опубликован из-за ошибки',
  })
  label?: InboxLabel;

  @QueryIntField({ optional: true, min: 1, max: 5, description: 'Оценка не ниже (только отзывы)' })
  ratingMin?: number;

  @QueryIntField({ optional: true, min: 1, max: 5, description: 'Оценка не выше (только отзывы)' })
  ratingMax?: number;

  @QueryIntField({ optional: true, min: 1, description: 'Артикул маркетплейса' })
  nmId?: number;

  @StringField({
    optional: true,
    minLength: 0,
    maxLength: INBOX_SEARCH_MAX_LENGTH,
    description: 'Подстрока текста, достоинств, недостатков или названия товара, без учёта регистра',
  })
  q?: string;
}

/** The item's reply draft as the inbox shows it. */
export class InboxDraftDto {
  @ApiProperty({ format: 'uuid', description: 'Черновик ответа (id маршрута отмены)' }) id!: string;
  @ApiProperty({ enum: REPLY_DRAFT_STATUSES }) status!: ReplyDraftStatus;
  @ApiProperty() text!: string;
  @ApiProperty({ enum: REPLY_SOURCES }) source!: ReplySource;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) scenarioId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: DRAFT_NOTE_DESCRIPTION }) note!: string | null;
  @ApiProperty({ nullable: true, type: Date, description: SCHEDULED_AT_DESCRIPTION }) scheduledAt!: Date | null;
  @ApiProperty() updatedAt!: Date;
}

export class InboxItemDto {
  @ApiProperty({ format: 'uuid', description: 'Отзыв или вопрос в сервисе (feedbackId маршрутов ответов)' }) feedbackId!: string;
  @ApiProperty({ enum: INBOX_KINDS }) kind!: InboxKind;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Оценка 1-5; у вопросов null' }) rating!: number | null;
  @ApiProperty() text!: string;
  @ApiProperty() pros!: string;
  @ApiProperty() cons!: string;
  @ApiProperty({ description: 'Артикул маркетплейса' }) nmId!: number;
  @ApiProperty() productName!: string;
  @ApiProperty() brand!: string;
  @ApiProperty({ description: 'Артикул продавца' }) supplierArticle!: string;
  @ApiProperty({ description: 'Когда покупатель написал' }) createdAt!: Date;
  @ApiProperty({
    enum: INBOX_LABELS,
    description: 'answered — есть ответ на маркетплейсе, skipped — наш ответ не опубликован, иначе waiting',
  })
  label!: InboxLabel;
  @ApiProperty({ nullable: true, type: String, description: 'Ответ, который показывает маркетплейс' }) answerText!: string | null;
  @ApiProperty({ nullable: true, type: InboxDraftDto, description: 'Черновик ответа; пока его нет — null' })
  draft!: InboxDraftDto | null;
}
