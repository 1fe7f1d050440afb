/**
 * Scheduling a workflow for deletion and restoring it (spec 3.3). Scheduling sets
 * scheduled_for_deletion and takes the workflow out of its folder; restoring clears the mark (the
 * workflow stays at the root). Both are the owner's: a collaborator, who can see the workflow, gets
 * 403 `forbidden`; anyone else 404. Repeating either is a no-op that answers the record as it is
 * (a second schedule keeps the first time). The daily cleanup job (services/jobs) deletes them.
 */
import { AppError } from '../../core/errors.js';
import type { WorkflowRecord } from '../../http/schemas/workflow.js';
import type { WorkflowChanges, WorkflowRepository, WorkflowRow } from '../../store/repositories/workflows.js';
import { toWorkflowRecord } from '../workflows/workflow-record.js';

export interface DeletionScheduleDeps {
  workflows: Pick<WorkflowRepository, 'findAccessible' | 'modify'>;
  onChanged: (workflowId: string) => Promise<void>;
  now?: () => Date;
}

const noWorkflow = () => new AppError('not_found', { detail: 'No such workflow' });

export function createDeletionSchedule(deps: DeletionScheduleDeps) {
  const { workflows, onChanged } = deps;
  const now = deps.now ?? (() => new Date());

  async function change(
    userId: string,
    id: string,
    wanted: (row: WorkflowRow) => WorkflowChanges | undefined,
  ): Promise<WorkflowRecord> {
    const current = await workflows.findAccessible(id, userId);
    if (!current) throw noWorkflow();
    if (current.ownerId !== userId) {
      throw new AppError('forbidden', { detail: 'Only the owner may schedule or restore a workflow' });
    }
    if (!wanted(current)) return toWorkflowRecord(current, userId);
    // Re-decided on the locked row: a concurrent schedule or restore is not applied twice.
    const result = await workflows.modify(current.id, (row) => wanted(row) ?? {}, { accessibleBy: userId });
    if (!result.ok) throw noWorkflow();
    await onChanged(result.row.id);
    return toWorkflowRecord(result.row, userId);
  }

  return {
    schedule: (userId: string, id: string) =>
      change(userId, id, (row) =>
        row.scheduledForDeletion ? undefined : { scheduledForDeletion: now(), folderId: null },
      ),

    restore: (userId: string, id: string) =>
      change(userId, id, (row) => (row.scheduledForDeletion ? { scheduledForDeletion: null } : undefined)),
  };
}

export type DeletionSchedule = ReturnType<typeof createDeletionSchedule>;
