/**
 * Builds the ZIP of a folder (spec 4.5): the folder is the top directory, each sub-folder a
 * directory inside its parent, each workflow one JSON file in its folder's directory, and each
 * directory has a `.folder.json` carrying the folder's real name and description (so empty folders
 * and names that are not valid file names survive a round trip).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Filed } from '../../../store/repositories/folder-workflows.js';
import type { FolderRow } from '../../../store/repositories/folders.js';
import type { WorkflowRow } from '../../../store/repositories/workflows.js';
import { toWorkflowRecord } from '../../workflows/workflow-record.js';
import { folderFile, workflowFile } from './archive-files.js';
import { FOLDER_FILE, safeSegment, uniqueSegment, WORKFLOW_EXTENSION } from './entry-names.js';

export interface FolderExport {
  root: FolderRow;
  /** The root and every folder under it. */
  folders: readonly FolderRow[];
  /** The workflows in those folders, as the viewer sees them. */
  workflows: readonly Filed<WorkflowRow>[];
  viewerId: string;
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export function buildFolderArchive(input: FolderExport): Uint8Array {
  const childrenOf = new Map<string, FolderRow[]>();
  for (const folder of input.folders) {
    if (folder.parentId === null || folder.id === input.root.id) continue;
    childrenOf.set(folder.parentId, [...(childrenOf.get(folder.parentId) ?? []), folder]);
  }
  const workflowsIn = new Map<string, WorkflowRow[]>();
  for (const { workflow, folderId } of input.workflows) {
    workflowsIn.set(folderId, [...(workflowsIn.get(folderId) ?? []), workflow]);
  }

  const files: Zippable = {};
  const written = new Set<string>();
  const addFolder = (folder: FolderRow, directory: string) => {
    written.add(folder.id);
    const taken = new Set([FOLDER_FILE.toLowerCase()]);
    files[`${directory}/${FOLDER_FILE}`] = json(folderFile(folder));
    for (const child of (childrenOf.get(folder.id) ?? []).sort(byName)) {
      if (written.has(child.id)) continue;
      addFolder(child, `${directory}/${uniqueSegment(safeSegment(child.name), '', taken)}`);
    }
    for (const workflow of (workflowsIn.get(folder.id) ?? []).sort(byName)) {
      const file = uniqueSegment(safeSegment(workflow.name), WORKFLOW_EXTENSION, taken);
      files[`${directory}/${file}`] = json(workflowFile(toWorkflowRecord(workflow, input.viewerId)));
    }
  };
  addFolder(input.root, safeSegment(input.root.name));
  return zipSync(files, { level: 6 });
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function attachmentHeader(folderName: string): string {
  const name = `${safeSegment(folderName)}.zip`;
  const ascii = name.replace(/[^\x20-\x7e]|["%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
