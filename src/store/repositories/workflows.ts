/**
 * Workflow rows. Every write is one statement or one transaction, so a failed save leaves the row
 * as it was. Who may see a workflow is one SQL condition (`accessibleBy`): the owner, a direct
 * share or a team share (spec 5.8).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.js';
import { workflows } from '../schema.js';
import { isUuid } from './ids.js';
import { isForeignKeyViolation, isUniqueViolation } from './pg-errors.js';
import { ownedOrSharedWith, WORKFLOW_SHARES } from './share-tables.js';

export { isUuid } from './ids.js';

export type WorkflowRow = typeof workflows.$inferSelect;
/** What a create writes; the id and timestamps are the database's. */
export type NewWorkflow = Omit<typeof workflows.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** What an update may change; ownership does not move through an update. */
export type WorkflowChanges = Partial<Omit<NewWorkflow, 'ownerId'>>;

export type WorkflowWriteResult =
  | { ok: true; row: WorkflowRow }
  | { ok: false; reason: 'not_found' | 'portal_slug_taken' | 'folder_not_found' };

/**
 * The workflows `userId` may see: owned, shared with them, or shared with a team they belong to.
 * Both kinds of share are additive; removing one leaves the access the other gives.
 */
export function accessibleBy(userId: string): SQL {
  return ownedOrSharedWith(userId, WORKFLOW_SHARES);
}

const newestFirst = [desc(workflows.updatedAt), desc(workflows.createdAt), desc(workflows.id)];

const NOT_FOUND = { ok: false, reason: 'not_found' } as const;
const SLUG_TAKEN = { ok: false, reason: 'portal_slug_taken' } as const;
const FOLDER_GONE = { ok: false, reason: 'folder_not_found' } as const;

/**
 * The only unique index besides the key is the portal slug's; the foreign key a save can break is
 * folder_id's (a folder deleted between the service's check and the write).
 */
async function write(run: () => Promise<WorkflowWriteResult>): Promise<WorkflowWriteResult> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) return SLUG_TAKEN;
    if (isForeignKeyViolation(error)) return FOLDER_GONE;
    throw error;
  }
}

export function createWorkflowRepository(db: Db) {
  return {
    async create(input: NewWorkflow): Promise<WorkflowWriteResult> {
      return write(async () => {
        const [row] = await db.insert(workflows).values(input).returning();
        return { ok: true, row: row! };
      });
    },

    async findById(id: string): Promise<WorkflowRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(workflows).where(eq(workflows.id, id)).limit(1);
      return row;
    },

    /** The workflow when `userId` may see it. */
    async findAccessible(id: string, userId: string): Promise<WorkflowRow | undefined> {
      if (!isUuid(id) || !isUuid(userId)) return undefined;
      const [row] = await db
        .select()
        .from(workflows)
        .where(and(eq(workflows.id, id), accessibleBy(userId)))
        .limit(1);
      return row;
    },

    /** True when `userId` may see the workflow (one indexed query; nothing is cached). */
    async isAccessible(id: string, userId: string): Promise<boolean> {
      if (!isUuid(id) || !isUuid(userId)) return false;
      const rows = await db
        .select({ id: workflows.id })
        .from(workflows)
        .where(and(eq(workflows.id, id), accessibleBy(userId)))
        .limit(1);
      return rows.length > 0;
    },

    async listForOwner(ownerId: string): Promise<WorkflowRow[]> {
      if (!isUuid(ownerId)) return [];
      return db
        .select()
        .from(workflows)
        .where(eq(workflows.ownerId, ownerId))
        .orderBy(...newestFirst);
    },

    async listAccessibleBy(userId: string): Promise<WorkflowRow[]> {
      if (!isUuid(userId)) return [];
      return db
        .select()
        .from(workflows)
        .where(accessibleBy(userId))
        .orderBy(...newestFirst);
    },

    /** One UPDATE: applies `changes`, sets updated_at, returns the new row. */
    async update(id: string, changes: WorkflowChanges): Promise<WorkflowWriteResult> {
      if (!isUuid(id)) return NOT_FOUND;
      return write(async () => {
        const [row] = await db
          .update(workflows)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(workflows.id, id))
          .returning();
        return row ? { ok: true, row } : NOT_FOUND;
      });
    },

    /**
     * Read-check-write in one transaction: locks the row, lets `compute` derive the changes from it
     * (or throw, which rolls back and rethrows), then updates. Concurrent saves of one workflow
     * queue behind each other, so each is checked against the row it replaces. With `accessibleBy`,
     * a row that user may not see is `not_found`.
     */
    async modify(
      id: string,
      compute: (current: WorkflowRow) => WorkflowChanges | Promise<WorkflowChanges>,
      options: { accessibleBy?: string } = {},
    ): Promise<WorkflowWriteResult> {
      if (!isUuid(id) || (options.accessibleBy !== undefined && !isUuid(options.accessibleBy)))
        return NOT_FOUND;
      return write(() =>
        db.transaction(async (tx): Promise<WorkflowWriteResult> => {
          const [current] = await tx
            .select()
            .from(workflows)
            .where(
              options.accessibleBy === undefined
                ? eq(workflows.id, id)
                : and(eq(workflows.id, id), accessibleBy(options.accessibleBy)),
            )
            .limit(1)
            .for('update');
          if (!current) return NOT_FOUND;
          const changes = await compute(current);
          const [row] = await tx
            .update(workflows)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(workflows.id, id))
            .returning();
          return { ok: true, row: row! };
        }),
      );
    },

    /** True when a row was deleted. */
    async delete(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const deleted = await db.delete(workflows).where(eq(workflows.id, id)).returning({ id: workflows.id });
      return deleted.length > 0;
    },
  };
}

export type WorkflowRepository = ReturnType<typeof createWorkflowRepository>;
