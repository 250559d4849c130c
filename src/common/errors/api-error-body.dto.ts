import { ApiProperty } from '@nestjs/swagger';

import { ERROR_CODES } from './error-codes';

/** Spec: Errors. The body of every error response. */
export class ApiErrorBodyDto {
  @ApiProperty({ enum: ERROR_CODES, example: 'VALIDATION_FAILED' })
  code!: string;

  @ApiProperty({ description: 'Текст для пользователя (русский)', example: 'Ошибка валидации входных данных' })
  message!: string;

  @ApiProperty({
    description: 'VALIDATION_FAILED: массив {field, errors[]}; TOO_MANY_REQUESTS: {retryAfterSeconds}; иначе объект или null',
    nullable: true,
    oneOf: [
      {
        type: 'array',
        items: { type: 'object', properties: { field: { type: 'string' }, errors: { type: 'array', items: { type: 'string' } } } },
      },
      { type: 'object' },
    ],
  })
  details!: unknown;

  @ApiProperty({ description: 'Совпадает с заголовком ответа X-Request-Id' })
  traceId!: string;
}
