/**
 * Workflow CRUD for a signed-in user. A workflow the user may not see is `not_found`, never
 * `forbidden`, so ids of other users' workflows are not confirmed. Every successful save drops the
 * workflow's cached execute responses.
 */
import { AppError } from '../../core/errors.js';
import type { CreateWorkflowBody, PatchWorkflowBody, WorkflowRecord } from '../../http/schemas/workflow.js';
import type {
  WorkflowRepository,
  WorkflowRow,
  WorkflowWriteResult,
} from '../../store/repositories/workflows.js';
import { checkFolderChange, checkNewFolder, folderNotYours, type FolderOwnership } from './folder-rules.js';
import { collaboratorPatch } from './owner-only-settings.js';
import { checkStorable, NEW_WORKFLOW_BASE, toChanges } from './workflow-changes.js';
import { toWorkflowRecord } from './workflow-record.js';

export interface WorkflowServiceDeps {
  workflows: WorkflowRepository;
  /** Node types a saved graph may use (the node registry's keys). */
  knownNodeTypes: ReadonlySet<string>;
  /**
   * Called after every successful change: saved workflows must not answer from caches holding their
   * previous version (responses, cached rows on every worker).
   */
  onChanged: (workflowId: string) => Promise<void>;
  /** Whether a folder is the user's (folder_id must name one of the caller's folders). */
  ownsFolder: FolderOwnership;
}

const notFound = () => new AppError('not_found', { detail: 'No such workflow' });

function written(result: WorkflowWriteResult, slug: string | null | undefined): WorkflowRow {
  if (result.ok) return result.row;
  if (result.reason === 'portal_slug_taken') {
    throw new AppError('conflict', {
      detail: `portal_slug "${slug}" is already in use`,
      errors: [{ path: 'body/portal_slug', message: 'is already in use' }],
    });
  }
  if (result.reason === 'folder_not_found') throw folderNotYours();
  throw notFound();
}

export function createWorkflowService(deps: WorkflowServiceDeps) {
  const { workflows, knownNodeTypes, onChanged, ownsFolder } = deps;

  return {
    async create(userId: string, body: CreateWorkflowBody): Promise<WorkflowRecord> {
      checkStorable(body);
      const changes = toChanges(body, NEW_WORKFLOW_BASE, knownNodeTypes);
      await checkNewFolder(body.folder_id, userId, ownsFolder);
      const result = await workflows.create({ ...changes, name: body.name.trim(), ownerId: userId });
      return toWorkflowRecord(written(result, body.portal_slug), userId);
    },

    async list(userId: string): Promise<WorkflowRecord[]> {
      const rows = await workflows.listAccessibleBy(userId);
      return rows.map((row) => toWorkflowRecord(row, userId));
    },

    async get(userId: string, id: string): Promise<WorkflowRecord> {
      const row = await workflows.findAccessible(id, userId);
      if (!row) throw notFound();
      return toWorkflowRecord(row, userId);
    },

    /**
     * Partial update; the graph is re-validated when the body touches nodes or edges. A
     * collaborator's body is checked against the locked row first: changing an owner-only setting
     * refuses the whole request.
     */
    async update(userId: string, id: string, body: PatchWorkflowBody): Promise<WorkflowRecord> {
      checkStorable(body);
      // Folders never change owner, so this may be asked before the row is locked.
      const callerOwnsFolder = body.folder_id ? await ownsFolder(body.folder_id, userId) : true;
      const result = await workflows.modify(
        id,
        (current) => {
          const allowed = current.ownerId === userId ? body : collaboratorPatch(body, current);
          checkFolderChange(allowed.folder_id, current, callerOwnsFolder);
          return toChanges(allowed, current, knownNodeTypes);
        },
        { accessibleBy: userId },
      );
      const row = written(result, body.portal_slug);
      await onChanged(row.id);
      return toWorkflowRecord(row, userId);
    },

    /** Deleting is the owner's alone: a collaborator, who may see the workflow, gets 403. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await workflows.findAccessible(id, userId);
      if (!row) throw notFound();
      if (row.ownerId !== userId) {
        throw new AppError('forbidden', { detail: 'Only the owner may delete a workflow' });
      }
      if (!(await workflows.delete(row.id))) throw notFound();
      await onChanged(row.id);
    },
  };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
