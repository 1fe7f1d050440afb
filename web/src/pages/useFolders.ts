/** The folder tree, when the server has folders; null when the folder API is not there (404). */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { folderApi } from '../api/endpoints';
import type { Folder } from '../api/types';

export function useFolderTree() {
  return useQuery<Folder[] | null>({
    queryKey: ['folders'],
    queryFn: async () => {
      try {
        return (await folderApi.tree()).items;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function flattenFolders(folders: Folder[], depth = 0): { folder: Folder; depth: number }[] {
  return folders.flatMap((folder) => [
    { folder, depth },
    ...flattenFolders(folder.children ?? [], depth + 1),
  ]);
}

/** Ids of a folder and everything under it (a folder cannot move into its own subtree). */
export function subtreeIds(folder: Folder): Set<string> {
  return new Set([folder.id, ...(folder.children ?? []).flatMap((child) => [...subtreeIds(child)])]);
}

/**
 * The caller's folder of each workflow, from the tree: their own workflows by the workflow's
 * folder_id, workflows shared with them by their own filing (the share's folder_id), which the
 * workflow record does not carry.
 */
export function folderOfWorkflow(folders: Folder[]): Map<string, string> {
  const filed = new Map<string, string>();
  for (const { folder } of flattenFolders(folders))
    for (const workflow of folder.workflows ?? []) filed.set(workflow.id, folder.id);
  return filed;
}
