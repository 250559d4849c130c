import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { StringField, UuidField } from '../../../common/validation/fields';
import { COMPLAINT_STATUSES, ComplaintStatus } from '../../../database/schema';
import { INJECTION_SIGNS, InjectionSign } from '../../../shared/autoreply/check/reply-check';
import { COMPLAINT_REASON_CODES, ComplaintReason } from '../../../shared/autoreply/complaint-reasons';
import { COMPLAINT_STATUS_LIST } from './complaint-status';

export class ComplaintPrepareDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @UuidField({ description: 'Отзыв (не вопрос) из GET /autoreply/inbox' })
  feedbackId!: string;
}

export const COMPLAINT_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;

export class ComplaintListQueryDto extends SortablePaginationQueryDto(COMPLAINT_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @StringField({
    optional: true,
    maxLength: 100,
    pattern: COMPLAINT_STATUS_LIST,
    description: `Статусы через запятую: ${COMPLAINT_STATUSES.join(', ')}; по умолчанию draft,pending`,
    example: 'draft,pending',
  })
  status?: string;
}

/** The feedback a complaint is about, so that the seller reads both side by side. */
export class ComplaintFeedbackDto {
  @ApiProperty({ description: 'Текст отзыва покупателя' }) text!: string;
  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: 5, description: 'Оценка отзыва, звёзды' }) rating!: number | null;
  @ApiProperty({ description: 'Когда покупатель оставил отзыв' }) createdAt!: Date;
  @ApiProperty({ description: 'Артикул товара маркетплейса' }) nmId!: number;
  @ApiProperty({ description: 'Название товара' }) productName!: string;
}

export class ComplaintDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'Отзыв, на который жалоба' }) feedbackId!: string;
  @ApiProperty({ enum: COMPLAINT_REASON_CODES }) reason!: ComplaintReason;
  @ApiProperty({ example: 'Недостоверная информация о товаре' }) reasonLabel!: string;
  @ApiProperty({ description: 'Текст жалобы для модераторов маркетплейса, до 4000 символов' }) text!: string;
  @ApiProperty({
    enum: COMPLAINT_STATUSES,
    description: 'draft — черновик, pending — готова к подаче, submitted — подана продавцом, dismissed — отклонена',
  })
  status!: ComplaintStatus;
  @ApiProperty({ description: 'Экран отзывов на сайте продавца маркетплейса, где жалобу подаёт продавец' }) deepLink!: string;
  @ApiProperty({ type: ComplaintFeedbackDto }) feedback!: ComplaintFeedbackDto;
  @ApiProperty({
    description: 'В тексте отзыва (с достоинствами и недостатками) есть признаки попытки управлять ИИ: жалоба остаётся черновиком',
  })
  injection!: boolean;
  @ApiProperty({ enum: INJECTION_SIGNS, isArray: true, description: 'Какие признаки найдены; пусто, когда их нет' })
  injectionSigns!: InjectionSign[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
