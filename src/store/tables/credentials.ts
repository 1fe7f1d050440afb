/** Credentials (values encrypted at rest as one Fernet token) and global variables. */
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, id, updatedAt } from './columns.js';

export const credentials = pgTable(
  'credentials',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** Fernet token of the JSON of every value, secret or not. */
    encryptedValues: text('encrypted_values').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('credentials_owner_name_unique').on(t.ownerId, t.name)],
);

export const globalVariables = pgTable(
  'global_variables',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: jsonb('value'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('global_variables_owner_name_unique').on(t.ownerId, t.name)],
);
