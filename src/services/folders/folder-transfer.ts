/**
 * Export and import of folder trees as ZIP archives. Export: the folder, its sub-folders and the
 * workflows the caller sees in them (spec 4.5). Import (beyond the spec): recreates an exported
 * tree under the caller, at the root or under `parent_id`, in one transaction; credential
 * references the caller may not use are cleared and reported.
 */
import { AppError } from '../../core/errors.js';
import type { ImportResult } from '../../http/schemas/folder.js';
import type { FolderImportRepository } from '../../store/repositories/folder-import.js';
import type { FolderWorkflowRepository } from '../../store/repositories/folder-workflows.js';
import { MAX_FOLDER_DEPTH, type FolderRepository } from '../../store/repositories/folders.js';
import { clearUnusableRefs, findCredentialRefs, type CredentialRef } from './archive/credential-refs.js';
import { attachmentHeader, buildFolderArchive } from './archive/export-archive.js';
import { planImport } from './archive/import-plan.js';
import type { UsableCredentials } from './archive/usable-credentials.js';
import { readZip, type ZipLimits } from './archive/zip-reader.js';

/** The largest archive an import accepts (the request body). */
export const MAX_IMPORT_ARCHIVE_BYTES = 10 * 1024 * 1024;
/** What an archive may unpack to: a zip bomb is refused from its directory, before inflating. */
export const IMPORT_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxEntryBytes: 10 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
};

export interface FolderTransferDeps {
  folders: FolderRepository;
  filed: FolderWorkflowRepository;
  imports: FolderImportRepository;
  knownNodeTypes: ReadonlySet<string>;
  usableCredentials: UsableCredentials;
}

export interface FolderArchive {
  contentDisposition: string;
  bytes: Uint8Array;
}

const badParent = (message: string) =>
  new AppError('validation_failed', {
    detail: `parent_id ${message}`,
    errors: [{ path: 'querystring/parent_id', message }],
  });

export function createFolderTransfer(deps: FolderTransferDeps) {
  const { folders, filed, imports, knownNodeTypes, usableCredentials } = deps;

  return {
    async exportFolder(userId: string, id: string): Promise<FolderArchive> {
      const root = await folders.findOwned(id, userId);
      if (!root) throw new AppError('not_found', { detail: 'No such folder' });
      const tree = await folders.listSubtree(root.id, userId);
      const workflows = await filed.rows(
        userId,
        tree.map((folder) => folder.id),
      );
      return {
        contentDisposition: attachmentHeader(root.name),
        bytes: buildFolderArchive({ root, folders: tree, workflows, viewerId: userId }),
      };
    },

    async importArchive(userId: string, zip: Buffer, parentId: string | null): Promise<ImportResult> {
      if (parentId !== null && !(await folders.isOwnedBy(parentId, userId))) {
        throw badParent('is not one of your folders');
      }
      const plan = planImport(readZip(zip, IMPORT_LIMITS), knownNodeTypes);

      const refsOf = new Map<string, CredentialRef[]>();
      for (const workflow of plan.workflows) {
        refsOf.set(
          workflow.path,
          findCredentialRefs(Array.isArray(workflow.changes.nodes) ? workflow.changes.nodes : []),
        );
      }
      const referenced = [...refsOf.values()]
        .flat()
        .flatMap((ref) => (typeof ref.value === 'string' ? [ref.value] : []));
      const usable = referenced.length > 0 ? await usableCredentials(userId, referenced) : new Set<string>();
      const cleared = new Map([...refsOf].map(([path, refs]) => [path, clearUnusableRefs(refs, usable)]));

      const result = await imports.importTree(
        userId,
        parentId,
        plan.folders,
        plan.workflows.map((workflow) => ({
          path: workflow.path,
          folderPath: workflow.folderPath,
          values: { ...workflow.changes, name: workflow.name },
        })),
      );
      if (!result.ok) {
        if (result.reason === 'parent_not_found') throw badParent('is not one of your folders');
        if (result.reason === 'too_deep')
          throw badParent(`would nest folders deeper than ${MAX_FOLDER_DEPTH} levels`);
        throw new AppError('conflict', {
          detail: 'A portal slug of the archive was taken meanwhile; try again',
        });
      }
      const { tree } = result;
      return {
        folders_created: tree.folders.length,
        workflows_created: tree.workflows.length,
        folders: tree.folders.map(({ path, row }) => ({
          id: row.id,
          name: row.name,
          parent_id: row.parentId,
          path,
        })),
        workflows: tree.workflows.map(({ path, row }) => ({
          id: row.id,
          name: row.name,
          folder_id: row.folderId,
          path,
        })),
        cleared_credential_refs: tree.workflows.flatMap(({ path, row }) =>
          (cleared.get(path) ?? []).map((ref) => ({
            workflow: row.id,
            workflow_name: row.name,
            node_id: ref.nodeId,
            field: ref.field,
          })),
        ),
        errors: [
          ...plan.notes,
          ...tree.clearedSlugs.map(({ path, slug }) => ({
            path,
            message: `portal_slug "${slug}" is in use; imported without a portal slug`,
          })),
        ],
      };
    },
  };
}

export type FolderTransfer = ReturnType<typeof createFolderTransfer>;
