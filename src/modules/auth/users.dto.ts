import { ApiProperty } from '@nestjs/swagger';

import { Role, ROLES } from '../../common/auth/authenticated-user';
import { SortablePaginationQueryDto } from '../../common/http/pagination.dto';
import { EnumField, SearchTextField } from '../../common/validation/fields';

/** The profile: what a user record shows (never a password hash). */
export class UserProfileDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'seller@example.com' }) email!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty() createdAt!: Date;
}

export class UserListQueryDto extends SortablePaginationQueryDto(['email', 'createdAt'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @EnumField(ROLES, { optional: true })
  role?: Role;

  @SearchTextField('Подстрока e-mail или имени, без учёта регистра')
  q?: string;
}
