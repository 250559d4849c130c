import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { StringField, UuidField } from '../../../common/validation/fields';
import { COMPLAINT_STATUSES, ComplaintStatus } from '../../../database/schema';
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
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
