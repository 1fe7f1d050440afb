/**
 * Which workflows sit in a user's folders (spec 2.2): their own through `workflows.folder_id`, and
 * workflows shared with them through their share row's `folder_id` (a collaborator files a shared
 * workflow in their own tree; the owner's folder_id is untouched). Workflows scheduled for deletion
 * are in no folder.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.js';
import { workflows, workflowShares } from '../schema.js';
import { isUuid } from './ids.js';
import { isForeignKeyViolation } from './pg-errors.js';
import type { WorkflowRow } from './workflows.js';

export interface WorkflowSummaryRow {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
  scheduledForDeletion: Date | null;
}

/** A workflow and the folder it sits in for the user asking. */
export interface Filed<T> {
  workflow: T;
  folderId: string;
}

const summaryColumns = {
  id: workflows.id,
  name: workflows.name,
  description: workflows.description,
  ownerId: workflows.ownerId,
  createdAt: workflows.createdAt,
  updatedAt: workflows.updatedAt,
  scheduledForDeletion: workflows.scheduledForDeletion,
};

const byName = [asc(workflows.name), asc(workflows.createdAt), asc(workflows.id)];

/** `filed`: the change was made; `not_filed`: no such row (or scheduled for deletion); `folder_gone`. */
export type FileResult = 'filed' | 'not_filed' | 'folder_gone';

function own(userId: string, folderIds: string[] | undefined): SQL {
  return and(
    eq(workflows.ownerId, userId),
    isNotNull(workflows.folderId),
    isNull(workflows.scheduledForDeletion),
    folderIds ? inArray(workflows.folderId, folderIds) : undefined,
  )!;
}

function shared(userId: string, folderIds: string[] | undefined): SQL {
  return and(
    eq(workflowShares.userId, userId),
    isNotNull(workflowShares.folderId),
    ne(workflows.ownerId, userId),
    isNull(workflows.scheduledForDeletion),
    folderIds ? inArray(workflowShares.folderId, folderIds) : undefined,
  )!;
}

async function filing(run: () => Promise<unknown[]>): Promise<FileResult> {
  try {
    return (await run()).length > 0 ? 'filed' : 'not_filed';
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'folder_gone';
    throw error;
  }
}

export function createFolderWorkflowRepository(db: Db) {
  const usable = (userId: string, folderIds?: string[]) =>
    isUuid(userId) && (folderIds === undefined || folderIds.length > 0);

  return {
    /** Summaries of the workflows in the user's folders (all of them, or those listed). */
    async summaries(userId: string, folderIds?: string[]): Promise<Filed<WorkflowSummaryRow>[]> {
      if (!usable(userId, folderIds)) return [];
      const owned = await db
        .select({ workflow: summaryColumns, folderId: workflows.folderId })
        .from(workflows)
        .where(own(userId, folderIds))
        .orderBy(...byName);
      const viaShares = await db
        .select({ workflow: summaryColumns, folderId: workflowShares.folderId })
        .from(workflowShares)
        .innerJoin(workflows, eq(workflows.id, workflowShares.workflowId))
        .where(shared(userId, folderIds))
        .orderBy(...byName);
      return [...owned, ...viaShares] as Filed<WorkflowSummaryRow>[];
    },

    /** Whole rows of the workflows in the listed folders of the user (for export). */
    async rows(userId: string, folderIds: string[]): Promise<Filed<WorkflowRow>[]> {
      if (!usable(userId, folderIds)) return [];
      const owned = await db
        .select({ workflow: workflows, folderId: workflows.folderId })
        .from(workflows)
        .where(own(userId, folderIds))
        .orderBy(...byName);
      const viaShares = await db
        .select({ workflow: workflows, folderId: workflowShares.folderId })
        .from(workflowShares)
        .innerJoin(workflows, eq(workflows.id, workflowShares.workflowId))
        .where(shared(userId, folderIds))
        .orderBy(...byName);
      return [...owned, ...viaShares] as Filed<WorkflowRow>[];
    },

    /** Sets the owner's folder of a workflow (null: root). A scheduled workflow is not filed. */
    async fileOwn(workflowId: string, ownerId: string, folderId: string | null): Promise<FileResult> {
      if (!isUuid(workflowId) || !isUuid(ownerId)) return 'not_filed';
      return filing(() =>
        db
          .update(workflows)
          .set({ folderId, updatedAt: sql`now()` })
          .where(
            and(
              eq(workflows.id, workflowId),
              eq(workflows.ownerId, ownerId),
              folderId === null ? undefined : isNull(workflows.scheduledForDeletion),
            ),
          )
          .returning({ id: workflows.id }),
      );
    },

    /** Sets a collaborator's own folder for a workflow shared with them directly. */
    async fileShared(workflowId: string, userId: string, folderId: string | null): Promise<FileResult> {
      if (!isUuid(workflowId) || !isUuid(userId)) return 'not_filed';
      return filing(() =>
        db
          .update(workflowShares)
          .set({ folderId })
          .where(and(eq(workflowShares.workflowId, workflowId), eq(workflowShares.userId, userId)))
          .returning({ workflowId: workflowShares.workflowId }),
      );
    },
  };
}

export type FolderWorkflowRepository = ReturnType<typeof createFolderWorkflowRepository>;
