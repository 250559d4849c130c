import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../common/http/pagination.dto';
import { BooleanField, StringField } from '../../common/validation/fields';

const NAME_MAX_LENGTH = 200;
/** Marketplace keys are JWTs of several hundred characters; 4096 leaves room without accepting arbitrary blobs. */
const API_KEY_MAX_LENGTH = 4096;
/** Far below any real key, and long enough that the last 4 characters shown never give a key away. */
const API_KEY_MIN_LENGTH = 20;
const NO_WHITESPACE = /^\S+$/;

const apiKeyDescription = 'Ключ API маркетплейса; хранится зашифрованным и никогда не возвращается (видны только последние 4 символа)';
/** Said by the VALIDATION_FAILED message when the key does not fit. */
export const API_KEY_FORMAT = `ключ API маркетплейса — токен из личного кабинета продавца (Настройки → Доступ к API): от ${API_KEY_MIN_LENGTH} до ${API_KEY_MAX_LENGTH} символов без пробелов`;

export class MpAccountCreateDto {
  @StringField({ maxLength: NAME_MAX_LENGTH, trim: true, example: 'Основной кабинет' })
  name!: string;

  @StringField({
    minLength: API_KEY_MIN_LENGTH,
    maxLength: API_KEY_MAX_LENGTH,
    pattern: NO_WHITESPACE,
    format: API_KEY_FORMAT,
    description: apiKeyDescription,
  })
  apiKey!: string;

  @BooleanField({ optional: true, description: 'Кабинет используется (по умолчанию true)' })
  isActive?: boolean;
}

export class MpAccountUpdateDto {
  @StringField({ optional: true, maxLength: NAME_MAX_LENGTH, trim: true })
  name?: string;

  @StringField({
    optional: true,
    minLength: API_KEY_MIN_LENGTH,
    maxLength: API_KEY_MAX_LENGTH,
    pattern: NO_WHITESPACE,
    format: API_KEY_FORMAT,
    description: `${apiKeyDescription}. Новый ключ заменяет прежний`,
  })
  apiKey?: string;

  @BooleanField({ optional: true })
  isActive?: boolean;
}

export const MP_ACCOUNT_SORT_FIELDS = ['createdAt', 'name'] as const;

export class MpAccountListQueryDto extends SortablePaginationQueryDto(MP_ACCOUNT_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {}

export class MpAccountResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ description: 'Последние 4 символа ключа API' }) keyLast4!: string;
  @ApiProperty({ description: 'Когда ключ API был задан в последний раз' }) keyUpdatedAt!: Date;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
