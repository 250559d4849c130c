import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../common/http/pagination.dto';
import { QueryDateField, StringField, UuidField } from '../../common/validation/fields';

export class AuditLogListQueryDto extends SortablePaginationQueryDto(['createdAt'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @StringField({ optional: true, maxLength: 100, description: 'Действие, например pricing.set' })
  action?: string;

  @UuidField({ optional: true })
  mpAccountId?: string;

  @UuidField({ optional: true })
  userId?: string;

  @QueryDateField({ optional: true, description: 'С момента (включительно)' })
  from?: string;

  @QueryDateField({ optional: true, description: 'До момента (не включая)' })
  to?: string;
}

export class AuditLogResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) userId!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) mpAccountId!: string | null;
  @ApiProperty() action!: string;
  @ApiProperty({ nullable: true, type: String }) entityType!: string | null;
  @ApiProperty({ nullable: true, type: String }) entityId!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) details!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String }) requestId!: string | null;
  @ApiProperty({ nullable: true, type: String }) ip!: string | null;
  @ApiProperty() createdAt!: Date;
}
