import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { isISO8601, ValidateBy } from 'class-validator';

import { Optional } from './fields';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD, Moscow), or VALIDATION_FAILED (isISO8601): the days the marketplace's feeds and reports are dated in. */
export function DayField(options: { optional?: boolean; nullable?: boolean; description: string }): PropertyDecorator {
  const property = options.optional ? ApiPropertyOptional : ApiProperty;
  return applyDecorators(
    property({
      type: 'string',
      format: 'date',
      description: options.description,
      example: '2024-02-05',
      ...(options.nullable && { nullable: true }),
    }),
    ...(options.optional ? [Optional({ nullable: options.nullable })] : []),
    ValidateBy({
      name: 'isISO8601',
      validator: {
        validate: (value) => typeof value === 'string' && DAY.test(value) && isISO8601(value, { strict: true }),
        defaultMessage: () => '$property must be a date (YYYY-MM-DD)',
      },
    }),
  );
}
