/**
 * folder_id on workflow create and PATCH: it must name one of the caller's folders (else 422
 * `validation_failed` at body/folder_id, like any other invalid field value), and a workflow
 * scheduled for deletion is in no folder (spec 2.1), so filing it is a 409 until it is restored.
 * Collaborators cannot change folder_id at all (owner-only-settings.ts); they file a shared
 * workflow in their own tree with PUT /folders/{folder_id}/workflows/{id}.
 */
import { AppError } from '../../core/errors.js';
import type { WorkflowRow } from '../../store/repositories/workflows.js';

/** Whether `folderId` is a folder of `userId`. */
export type FolderOwnership = (folderId: string, userId: string) => Promise<boolean>;

export const folderNotYours = () =>
  new AppError('validation_failed', {
    detail: 'folder_id is not one of your folders',
    errors: [{ path: 'body/folder_id', message: 'is not one of your folders' }],
  });

/** For a create: the caller's folder or none. */
export async function checkNewFolder(
  folderId: string | null | undefined,
  userId: string,
  ownsFolder: FolderOwnership,
): Promise<void> {
  if (folderId && !(await ownsFolder(folderId, userId))) throw folderNotYours();
}

/** For a PATCH, against the locked row; `callerOwnsFolder` was looked up before the lock. */
export function checkFolderChange(
  folderId: string | null | undefined,
  current: Pick<WorkflowRow, 'folderId' | 'scheduledForDeletion'>,
  callerOwnsFolder: boolean,
): void {
  if (folderId === undefined || folderId === null || folderId === current.folderId) return;
  if (!callerOwnsFolder) throw folderNotYours();
  if (current.scheduledForDeletion) {
    throw new AppError('conflict', {
      detail: 'The workflow is scheduled for deletion and is in no folder; restore it first',
      errors: [
        { path: 'body/folder_id', message: 'cannot be set while the workflow is scheduled for deletion' },
      ],
    });
  }
}
