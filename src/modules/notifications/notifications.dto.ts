import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../common/http/pagination.dto';
import { EnumField, QueryBooleanField, UuidField } from '../../common/validation/fields';
import { NOTIFICATION_KINDS, NotificationKind } from '../../shared/notification-kinds';

export class NotificationListQueryDto extends SortablePaginationQueryDto(['createdAt'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @QueryBooleanField({ optional: true, description: 'true — только непрочитанные, false — только прочитанные' })
  unread?: boolean;

  @EnumField(Object.values(NOTIFICATION_KINDS), { optional: true, description: 'Только уведомления этого вида (type)' })
  kind?: NotificationKind;

  @UuidField({ optional: true, description: 'Только уведомления о кабинете (payload.mpAccountId); чужой или несуществующий кабинет — 404' })
  mpAccountId?: string;
}

export class NotificationResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'import.finished' }) type!: string;
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: Date }) readAt!: Date | null;
  @ApiProperty() createdAt!: Date;
}

export class UnreadCountDto {
  @ApiProperty() count!: number;
}

export class ReadAllResultDto {
  @ApiProperty({ description: 'Сколько уведомлений отмечено прочитанными' }) updated!: number;
}
