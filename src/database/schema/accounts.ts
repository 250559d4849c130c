import { boolean, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A seller account (cabinet). Ownership is what data scope checks. The marketplace key is stored sealed
 * (AES-256-GCM under key_id of the key ring, the account id bound as additional data); only its last 4
 * characters are kept in the clear.
 */
export const mpAccounts = pgTable(
  'mp_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    keyId: text('key_id').notNull(),
    keyNonce: bytea('key_nonce').notNull(),
    keyCiphertext: bytea('key_ciphertext').notNull(),
    keyTag: bytea('key_tag').notNull(),
    keyLast4: text('key_last4').notNull(),
    keyUpdatedAt: timestamp('key_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('mp_accounts_owner_idx').on(table.ownerId), index('mp_accounts_key_id_idx').on(table.keyId)],
);

/** An account's sealed marketplace key as the key ring reads it (SealedSecret). */
export const sealedKeyColumns = {
  keyId: mpAccounts.keyId,
  nonce: mpAccounts.keyNonce,
  ciphertext: mpAccounts.keyCiphertext,
  tag: mpAccounts.keyTag,
};

/** A brand of one account's catalog; managers get access per brand. */
export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('brands_account_name_key').on(table.mpAccountId, table.name)],
);

export const brandAccess = pgTable(
  'brand_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    grantedBy: uuid('granted_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('brand_access_user_brand_key').on(table.userId, table.brandId),
    index('brand_access_brand_idx').on(table.brandId),
  ],
);
