import { applyDecorators, Type as ClassType } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, getSchemaPath } from '@nestjs/swagger';

import { EnumField, QueryIntField } from '../validation/fields';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Spec: Limits. page from 1 (default 1), limit default 20, max 100. */
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

export class PaginationQueryDto {
  @QueryIntField({ optional: true, min: 1, description: 'Номер страницы, с 1', example: 1 })
  page: number = 1;

  @QueryIntField({ optional: true, min: 1, max: PAGE_LIMIT_MAX, description: 'Размер страницы', example: PAGE_LIMIT_DEFAULT })
  limit: number = PAGE_LIMIT_DEFAULT;

  @EnumField(SORT_DIRECTIONS, { optional: true, description: 'Направление сортировки' })
  sortDirection?: SortDirection;
}

export interface SortablePaginationQuery<F extends string> extends PaginationQueryDto {
  sortBy: F;
  sortDirection: SortDirection;
}

/**
 * A pagination query whose sortBy accepts only the route's fields; any other value is VALIDATION_FAILED (isIn).
 * Use it as the base class of a route's query DTO.
 */
export function SortablePaginationQueryDto<F extends string>(fields: readonly F[], defaults: { sortBy: F; sortDirection: SortDirection }) {
  class SortableQuery extends PaginationQueryDto implements SortablePaginationQuery<F> {
    @EnumField(fields, { optional: true, description: `Поле сортировки (по умолчанию ${defaults.sortBy})` })
    sortBy: F = defaults.sortBy;

    @EnumField(SORT_DIRECTIONS, { optional: true, description: `Направление сортировки (по умолчанию ${defaults.sortDirection})` })
    override sortDirection: SortDirection = defaults.sortDirection;
  }
  return SortableQuery;
}

export class PageMetaDto {
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() hasNext!: boolean;
  @ApiProperty() hasPrev!: boolean;
}

export interface Page<T> {
  items: T[];
  meta: PageMetaDto;
}

/** OpenAPI: a 200 response with {items: T[], meta}. */
export function ApiPageResponse(item: ClassType<unknown>): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(PageMetaDto, item),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['items', 'meta'],
        properties: { items: { type: 'array', items: { $ref: getSchemaPath(item) } }, meta: { $ref: getSchemaPath(PageMetaDto) } },
      },
    }),
  );
}
