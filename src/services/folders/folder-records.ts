/** Maps folder rows to API records and assembles trees (pure: rows in, records out). */
import type { FolderNode, FolderRecord, FolderWorkflow } from '../../http/schemas/folder.js';
import type { Filed, WorkflowSummaryRow } from '../../store/repositories/folder-workflows.js';
import type { FolderRow } from '../../store/repositories/folders.js';

export function toFolderRecord(row: FolderRow): FolderRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parent_id: row.parentId,
    created_at: row.createdAt.toISOString(),
  };
}

export function toFolderWorkflow(row: WorkflowSummaryRow): FolderWorkflow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner_id: row.ownerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    scheduled_for_deletion: row.scheduledForDeletion?.toISOString() ?? null,
  };
}

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The nodes for `roots` with their descendants among `folders` and the workflows filed in each.
 * Folders and workflows are sorted by name. A folder whose parent is not in `folders` is not
 * reachable and is left out, as is a workflow filed in a folder that is not there.
 */
export function buildTree(
  roots: readonly FolderRow[],
  folders: readonly FolderRow[],
  filed: readonly Filed<WorkflowSummaryRow>[],
): FolderNode[] {
  const childrenOf = new Map<string, FolderRow[]>();
  for (const folder of folders) {
    if (folder.parentId === null) continue;
    const siblings = childrenOf.get(folder.parentId);
    if (siblings) siblings.push(folder);
    else childrenOf.set(folder.parentId, [folder]);
  }
  const workflowsIn = new Map<string, FolderWorkflow[]>();
  for (const { workflow, folderId } of filed) {
    const list = workflowsIn.get(folderId);
    if (list) list.push(toFolderWorkflow(workflow));
    else workflowsIn.set(folderId, [toFolderWorkflow(workflow)]);
  }
  const seen = new Set<string>();
  const nodeOf = (folder: FolderRow): FolderNode => {
    seen.add(folder.id);
    const children = (childrenOf.get(folder.id) ?? []).filter((child) => !seen.has(child.id));
    return {
      ...toFolderRecord(folder),
      children: children.map(nodeOf).sort(byName),
      workflows: (workflowsIn.get(folder.id) ?? []).sort(byName),
    };
  };
  return [...roots].map(nodeOf).sort(byName);
}
