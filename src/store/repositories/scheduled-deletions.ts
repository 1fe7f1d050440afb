/**
 * Workflows scheduled for deletion, for the daily cleanup job (spec 3.3). Each deletion re-reads
 * and locks the row in its own transaction, so a workflow restored (or re-activated) while the job
 * runs is not deleted.
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../database.js';
import { workflows } from '../schema.js';
import type { WorkflowRow } from './workflows.js';

export function createScheduledDeletionRepository(db: Db) {
  return {
    /** Ids of scheduled workflows after `afterId`, in id order (pages of `limit`). */
    async scheduledIds(afterId: string | null, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: workflows.id })
        .from(workflows)
        .where(
          and(isNotNull(workflows.scheduledForDeletion), afterId ? gt(workflows.id, afterId) : undefined),
        )
        .orderBy(asc(workflows.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Deletes the workflow when it is still scheduled and `deletable` says yes for the locked row.
     * True when it was deleted.
     */
    async deleteIf(id: string, deletable: (row: WorkflowRow) => boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(workflows)
          .where(and(eq(workflows.id, id), isNotNull(workflows.scheduledForDeletion)))
          .for('update');
        if (!row || !deletable(row)) return false;
        await tx.delete(workflows).where(eq(workflows.id, id));
        return true;
      });
    },
  };
}

export type ScheduledDeletionRepository = ReturnType<typeof createScheduledDeletionRepository>;
