import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength, ValidateIf } from 'class-validator';

import { Role, ROLES } from '../../common/auth/authenticated-user';
import { EnumField, StringField } from '../../common/validation/fields';
import { IsPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/validation/password-policy';

const EMAIL_MAX_LENGTH = 254;

export class RegisterDto {
  @ApiProperty({ example: 'seller@example.com', maxLength: EMAIL_MAX_LENGTH })
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'Не короче 8 символов и не из одного класса символов',
  })
  @IsString()
  @IsPasswordPolicy()
  password!: string;

  @StringField({ maxLength: 100, example: 'Иван Петров' })
  displayName!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'seller@example.com' })
  @IsString()
  @Length(1, EMAIL_MAX_LENGTH)
  email!: string;

  @ApiProperty()
  @IsString()
  @Length(1, PASSWORD_MAX_LENGTH)
  password!: string;
}

export class RefreshTokenDto {
  @ApiProperty()
  @IsString()
  @Length(1, 200)
  refreshToken!: string;
}

export class UpdateMeDto {
  @StringField({ optional: true, maxLength: 100 })
  displayName?: string;

  @ApiPropertyOptional({ description: 'Новый пароль; требует currentPassword' })
  @ValidateIf((dto: UpdateMeDto) => dto.password !== undefined)
  @IsString()
  @IsPasswordPolicy()
  password?: string;

  @ApiPropertyOptional({ description: 'Текущий пароль, обязателен при смене пароля' })
  @ValidateIf((dto: UpdateMeDto) => dto.password !== undefined || dto.currentPassword !== undefined)
  @IsString()
  @Length(1, PASSWORD_MAX_LENGTH)
  currentPassword?: string;
}

export class ChangeRoleDto {
  @EnumField(ROLES)
  role!: Role;
}

export class TokenPairDto {
  @ApiProperty() accessToken!: string;
  @ApiProperty() refreshToken!: string;
  @ApiProperty({ description: 'Время жизни токена доступа, секунды', example: 900 }) expiresIn!: number;
}
