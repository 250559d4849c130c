import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, ilike, SQL, sql } from 'drizzle-orm';

import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { escapeLike } from '../../database/like';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { exampleItems } from '../../database/schema';
import { ExampleItemCreateDto } from './examples.dto';

export type ExampleItemRow = typeof exampleItems.$inferSelect;

const SORT_COLUMNS = { name: exampleItems.name, price: exampleItems.price, createdAt: exampleItems.createdAt };

export interface ExampleItemListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  q?: string;
  minPrice?: number;
  hasTags?: boolean;
}

@Injectable()
export class ExamplesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insertMany(ownerId: string, items: ExampleItemCreateDto[]): Promise<ExampleItemRow[]> {
    return this.db
      .insert(exampleItems)
      .values(items.map((item) => ({ ownerId, name: item.name, price: item.price, tags: item.tags ?? [] })))
      .returning();
  }

  /** visibleTo: null for admin (every item), otherwise the owner whose items are visible. */
  async findById(id: string, visibleTo: string | null): Promise<ExampleItemRow | undefined> {
    const [row] = await this.db
      .select()
      .from(exampleItems)
      .where(and(eq(exampleItems.id, id), visibleTo ? eq(exampleItems.ownerId, visibleTo) : undefined));
    return row;
  }

  async findPage(query: ExampleItemListFilter, visibleTo: string | null): Promise<Page<ExampleItemRow>> {
    const conditions: SQL[] = [];
    if (visibleTo) conditions.push(eq(exampleItems.ownerId, visibleTo));
    if (query.q) conditions.push(ilike(exampleItems.name, `%${escapeLike(query.q)}%`));
    if (query.minPrice !== undefined) conditions.push(gte(exampleItems.price, query.minPrice));
    if (query.hasTags !== undefined)
      conditions.push(query.hasTags ? sql`cardinality(${exampleItems.tags}) > 0` : sql`cardinality(${exampleItems.tags}) = 0`);
    const where = and(...conditions);
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: exampleItems.id },
      this.db.select().from(exampleItems).where(where).$dynamic(),
      this.db.select({ total: count() }).from(exampleItems).where(where),
    );
  }
}
