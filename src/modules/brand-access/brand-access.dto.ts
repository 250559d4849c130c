import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../common/http/pagination.dto';
import { UuidField } from '../../common/validation/fields';

export class BrandAccessGrantDto {
  @UuidField({ description: 'Менеджер, которому открывается бренд' })
  userId!: string;

  @UuidField({ description: 'Бренд каталога одного кабинета' })
  brandId!: string;
}

export class BrandAccessListQueryDto extends SortablePaginationQueryDto(['createdAt'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @UuidField({ optional: true })
  userId?: string;

  @UuidField({ optional: true })
  brandId?: string;

  @UuidField({ optional: true })
  mpAccountId?: string;
}

export class BrandAccessResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ format: 'uuid' }) brandId!: string;
  @ApiProperty() brandName!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) grantedBy!: string | null;
  @ApiProperty() createdAt!: Date;
}
