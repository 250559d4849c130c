import { ApiProperty } from '@nestjs/swagger';

import { StringField, UuidField } from '../../../common/validation/fields';
import {
  KB_SOURCE_TYPES,
  KbSourceType,
  REPLY_DRAFT_STATUSES,
  REPLY_SOURCES,
  ReplyDraftStatus,
  ReplySource,
} from '../../../database/schema';

/** Which feedback or question a reply route acts on. */
export class ReplyDraftRequestDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @UuidField({ description: 'Отзыв или вопрос (feedbackId из входящих)' })
  feedbackId!: string;
}

/** What sending takes: the item, and the seller's edit of the draft's text when there is one. */
export class SendReplyRequestDto extends ReplyDraftRequestDto {
  @StringField({
    optional: true,
    maxLength: 2000,
    description:
      'Текст, исправленный продавцом: заменяет текст черновика (source manual); проходит ту же проверку перед публикацией, иначе 400 с причинами',
  })
  text?: string;
}

export const DRAFT_NOTE_DESCRIPTION =
  'Почему ответ не опубликован, или почему он оставлен продавцу: в тексте покупателя признаки инструкций для ИИ (тогда ни ИИ, ни автоматическая публикация)';
export const SCHEDULED_AT_DESCRIPTION =
  'Когда ответ, поставленный в очередь сценарием с replyMode auto, будет опубликован (он ждёт AUTOREPLY_PUBLISH_DELAY_MS, ' +
  'пока его можно отменить); null — ответ не ждёт';

/** A knowledge base version whose facts the AI was given. */
export class KnowledgeSourceDto {
  @ApiProperty({ enum: KB_SOURCE_TYPES, description: 'article — статья, document — загруженный документ' }) sourceType!: KbSourceType;
  @ApiProperty({ format: 'uuid', description: 'Статья или документ' }) sourceId!: string;
  @ApiProperty({ description: 'Версия статьи (у документа — 1)' }) version!: number;
}

/** Spec: Reply draft. */
export class ReplyDraftDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'Отзыв или вопрос' }) feedbackId!: string;
  @ApiProperty({
    enum: REPLY_DRAFT_STATUSES,
    description:
      'draft — подготовлен, pending — в очереди на публикацию (со scheduledAt — ждёт автоматической публикации, её можно отменить), ' +
      'sent — опубликован, error — не опубликован (см. note)',
  })
  status!: ReplyDraftStatus;
  @ApiProperty({ description: 'Текст ответа' }) text!: string;
  @ApiProperty({
    enum: REPLY_SOURCES,
    description: 'ai — переписан ИИ, template — шаблон с подставленными значениями, manual — исправлен продавцом',
  })
  source!: ReplySource;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) scenarioId!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) templateId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: DRAFT_NOTE_DESCRIPTION }) note!: string | null;
  @ApiProperty({ type: [KnowledgeSourceDto], description: 'Версии базы знаний, сведения из которых получил ИИ; пусто — без них' })
  knowledgeSources!: KnowledgeSourceDto[];
  @ApiProperty({ nullable: true, type: Date, description: SCHEDULED_AT_DESCRIPTION }) scheduledAt!: Date | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
