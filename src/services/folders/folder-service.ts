/**
 * Folders of a signed-in user (spec 2.2, 4.5). Folders are per user: another user's folder is
 * `not_found`. A workflow goes into a folder of the caller: the owner moves the workflow itself
 * (`workflows.folder_id`), a collaborator files a workflow shared with them into their own tree
 * (their share's `folder_id`).
 */
import { AppError } from '../../core/errors.js';
import type {
  CreateFolderBody,
  FiledWorkflow,
  FolderNode,
  FolderRecord,
  UpdateFolderBody,
} from '../../http/schemas/folder.js';
import type { FolderWorkflowRepository, FileResult } from '../../store/repositories/folder-workflows.js';
import {
  MAX_FOLDER_DEPTH,
  type FolderChanges,
  type FolderRepository,
  type FolderRow,
  type FolderWriteResult,
} from '../../store/repositories/folders.js';
import type { WorkflowRepository } from '../../store/repositories/workflows.js';
import { storableErrors } from '../workflows/storable-json.js';
import { buildTree, toFolderRecord } from './folder-records.js';

export interface FolderServiceDeps {
  folders: FolderRepository;
  filed: FolderWorkflowRepository;
  workflows: Pick<WorkflowRepository, 'findAccessible'>;
  /** After a workflow row changed (its folder_id): drops cached copies. */
  onWorkflowChanged: (workflowId: string) => Promise<void>;
}

const noFolder = () => new AppError('not_found', { detail: 'No such folder' });
const noWorkflow = () => new AppError('not_found', { detail: 'No such workflow' });
const badParent = (message: string) =>
  new AppError('validation_failed', {
    detail: `parent_id ${message}`,
    errors: [{ path: 'body/parent_id', message }],
  });
const scheduled = () =>
  new AppError('conflict', {
    detail: 'The workflow is scheduled for deletion and is in no folder; restore it first',
  });

/** PostgreSQL refuses NUL characters and lone surrogates in text: refused here as 422. */
function checkStorable(body: CreateFolderBody | UpdateFolderBody): void {
  const errors = storableErrors(body as { nodes?: undefined });
  if (errors.length > 0) {
    throw new AppError('validation_failed', { detail: `${errors[0]!.path}: ${errors[0]!.message}`, errors });
  }
}

function written(result: FolderWriteResult): FolderRow {
  if (result.ok) return result.row;
  switch (result.reason) {
    case 'parent_not_found':
      throw badParent('is not one of your folders');
    case 'cycle':
      throw badParent('is the folder itself or one of its sub-folders');
    case 'too_deep':
      throw badParent(`would nest folders deeper than ${MAX_FOLDER_DEPTH} levels`);
    default:
      throw noFolder();
  }
}

export function createFolderService(deps: FolderServiceDeps) {
  const { folders, filed, workflows, onWorkflowChanged } = deps;

  async function owned(userId: string, id: string): Promise<FolderRow> {
    const folder = await folders.findOwned(id, userId);
    if (!folder) throw noFolder();
    return folder;
  }

  /** The caller's folder for a workflow after a filing; throws what a failed filing means. */
  function filedIn(result: FileResult, ownsWorkflow: boolean): void {
    if (result === 'filed') return;
    if (result === 'folder_gone') throw noFolder();
    if (ownsWorkflow) throw scheduled();
    throw new AppError('conflict', {
      detail: 'The workflow is shared with you through a team only; only a direct share can be filed',
    });
  }

  return {
    /** Root folders only. */
    async list(userId: string): Promise<FolderRecord[]> {
      return (await folders.listRoots(userId)).map(toFolderRecord);
    },

    async tree(userId: string): Promise<FolderNode[]> {
      const all = await folders.listOwned(userId);
      const roots = all.filter((folder) => folder.parentId === null);
      return buildTree(roots, all, await filed.summaries(userId));
    },

    /** The folder with its sub-folders (recursively) and the workflows in each. */
    async get(userId: string, id: string): Promise<FolderNode> {
      const folder = await owned(userId, id);
      const subtree = await folders.listSubtree(folder.id, userId);
      const inside = await filed.summaries(
        userId,
        subtree.map((row) => row.id),
      );
      return buildTree([folder], subtree, inside)[0]!;
    },

    async create(userId: string, body: CreateFolderBody): Promise<FolderRecord> {
      checkStorable(body);
      const result = await folders.create({
        ownerId: userId,
        name: body.name.trim(),
        description: body.description ?? '',
        parentId: body.parent_id ?? null,
      });
      return toFolderRecord(written(result));
    },

    async update(userId: string, id: string, body: UpdateFolderBody): Promise<FolderRecord> {
      checkStorable(body);
      const changes: FolderChanges = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.description !== undefined) changes.description = body.description ?? '';
      if (body.parent_id !== undefined) changes.parentId = body.parent_id;
      if (Object.keys(changes).length === 0) return toFolderRecord(await owned(userId, id));
      return toFolderRecord(written(await folders.update(id, userId, changes)));
    },

    /** Deletes the folder and its sub-folders; their workflows go back to the root. */
    async remove(userId: string, id: string): Promise<void> {
      const deleted = await folders.delete(id, userId);
      if (!deleted) throw noFolder();
      for (const workflowId of deleted.movedWorkflowIds) await onWorkflowChanged(workflowId);
    },

    async fileWorkflow(userId: string, folderId: string, workflowId: string): Promise<FiledWorkflow> {
      const folder = await owned(userId, folderId);
      const workflow = await workflows.findAccessible(workflowId, userId);
      if (!workflow) throw noWorkflow();
      if (workflow.scheduledForDeletion) throw scheduled();
      const ownsWorkflow = workflow.ownerId === userId;
      const result = ownsWorkflow
        ? await filed.fileOwn(workflow.id, userId, folder.id)
        : await filed.fileShared(workflow.id, userId, folder.id);
      filedIn(result, ownsWorkflow);
      if (ownsWorkflow) await onWorkflowChanged(workflow.id);
      return { workflow_id: workflow.id, folder_id: folder.id };
    },

    /** Takes the workflow out of the caller's folder (to the root); a no-op when it is in none. */
    async unfileWorkflow(userId: string, workflowId: string): Promise<void> {
      const workflow = await workflows.findAccessible(workflowId, userId);
      if (!workflow) throw noWorkflow();
      if (workflow.ownerId === userId) {
        if ((await filed.fileOwn(workflow.id, userId, null)) === 'filed')
          await onWorkflowChanged(workflow.id);
      } else {
        await filed.fileShared(workflow.id, userId, null);
      }
    },
  };
}

export type FolderService = ReturnType<typeof createFolderService>;
