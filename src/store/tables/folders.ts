/** Folders form a tree per owner; a workflow sits in one (its own or, for a collaborator, via its share). */
import { type AnyPgColumn, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, id, updatedAt } from './columns.js';

export const folders = pgTable(
  'folders',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('folders_owner_idx').on(t.ownerId), index('folders_parent_idx').on(t.parentId)],
);
