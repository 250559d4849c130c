import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const exampleItems = pgTable(
  'example_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The user who created the item; items from before owners were recorded have none and only admins see them. */
    ownerId: uuid('owner_id'),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    tags: text('tags').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('example_items_created_at_idx').on(table.createdAt),
    index('example_items_name_idx').on(table.name),
    index('example_items_owner_created_at_idx').on(table.ownerId, table.createdAt),
  ],
);
