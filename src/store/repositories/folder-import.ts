/**
 * Writes an imported folder tree in one transaction: every folder and workflow, or nothing. Portal
 * slugs already in use (or repeated within the archive) are cleared rather than failing the import.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database.js';
import { credentials, folders, workflows } from '../schema.js';
import { depthOf, MAX_FOLDER_DEPTH, type FolderRow } from './folders.js';
import { isUuid } from './ids.js';
import { isUniqueViolation } from './pg-errors.js';
import type { NewWorkflow, WorkflowRow } from './workflows.js';

export interface ImportFolder {
  path: string;
  parentPath: string | null;
  name: string;
  description: string;
}

export interface ImportWorkflow {
  path: string;
  folderPath: string | null;
  values: Omit<NewWorkflow, 'ownerId' | 'folderId'>;
}

export interface ImportedTree {
  folders: { path: string; row: FolderRow }[];
  workflows: { path: string; row: WorkflowRow }[];
  clearedSlugs: { path: string; slug: string }[];
}

export type ImportResult =
  | { ok: true; tree: ImportedTree }
  | { ok: false; reason: 'parent_not_found' | 'too_deep' | 'portal_slug_taken' };

export function createFolderImportRepository(db: Db) {
  return {
    /** The ids among `ids` of credentials `ownerId` owns. */
    async ownedCredentialIds(ownerId: string, ids: readonly string[]): Promise<Set<string>> {
      const candidates = [...new Set(ids)].filter(isUuid);
      if (!isUuid(ownerId) || candidates.length === 0) return new Set();
      const rows = await db
        .select({ id: credentials.id })
        .from(credentials)
        .where(and(eq(credentials.ownerId, ownerId), inArray(credentials.id, candidates)));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Creates `planned` folders (parents listed before their children) under `parentId` (null: at
     * the root) and the workflows in them, all owned by `ownerId`.
     */
    async importTree(
      ownerId: string,
      parentId: string | null,
      planned: readonly ImportFolder[],
      plannedWorkflows: readonly ImportWorkflow[],
    ): Promise<ImportResult> {
      try {
        return await db.transaction(async (tx): Promise<ImportResult> => {
          let baseDepth = 0;
          if (parentId !== null) {
            const [parent] = await tx
              .select({ id: folders.id })
              .from(folders)
              .where(and(eq(folders.id, parentId), eq(folders.ownerId, ownerId)))
              .for('update');
            if (!parent) return { ok: false, reason: 'parent_not_found' };
            baseDepth = await depthOf(tx, parentId);
          }
          const deepest = Math.max(0, ...planned.map((folder) => folder.path.split('/').length));
          if (baseDepth + deepest > MAX_FOLDER_DEPTH) return { ok: false, reason: 'too_deep' };

          const created: ImportedTree = { folders: [], workflows: [], clearedSlugs: [] };
          const idOf = new Map<string, string>();
          for (const folder of planned) {
            const [row] = await tx
              .insert(folders)
              .values({
                ownerId,
                name: folder.name,
                description: folder.description,
                parentId: folder.parentPath === null ? parentId : idOf.get(folder.parentPath)!,
              })
              .returning();
            idOf.set(folder.path, row!.id);
            created.folders.push({ path: folder.path, row: row! });
          }

          const slugs = plannedWorkflows.flatMap((w) => (w.values.portalSlug ? [w.values.portalSlug] : []));
          const taken = new Set(
            slugs.length === 0
              ? []
              : (
                  await tx
                    .select({ slug: workflows.portalSlug })
                    .from(workflows)
                    .where(inArray(workflows.portalSlug, slugs))
                ).map((row) => row.slug),
          );
          for (const workflow of plannedWorkflows) {
            const slug = workflow.values.portalSlug;
            const clear = typeof slug === 'string' && taken.has(slug);
            if (clear) created.clearedSlugs.push({ path: workflow.path, slug });
            else if (typeof slug === 'string') taken.add(slug);
            const [row] = await tx
              .insert(workflows)
              .values({
                ...workflow.values,
                ...(clear ? { portalSlug: null } : {}),
                ownerId,
                folderId: workflow.folderPath === null ? parentId : idOf.get(workflow.folderPath)!,
              })
              .returning();
            created.workflows.push({ path: workflow.path, row: row! });
          }
          return { ok: true, tree: created };
        });
      } catch (error) {
        // A slug taken by a concurrent save after the check above.
        if (isUniqueViolation(error)) return { ok: false, reason: 'portal_slug_taken' };
        throw error;
      }
    },
  };
}

export type FolderImportRepository = ReturnType<typeof createFolderImportRepository>;
