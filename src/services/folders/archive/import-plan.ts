/**
 * Turns the entries of a folder archive into what to create: folders (parents first) and workflows
 * with their column values. Every workflow goes through the same rules as `POST /api/workflows`
 * (body schema, storable JSON, graph validation). Any unsafe name, unreadable JSON or invalid
 * workflow refuses the whole archive with every problem listed; archiver noise (`__MACOSX/`,
 * `.DS_Store`) and files that are not JSON are skipped and reported as notes.
 */
import { AppError, isAppError, type FieldError } from '../../../core/errors.js';
import { CreateWorkflowBody } from '../../../http/schemas/workflow.js';
import { validatorCompiler } from '../../../http/validation.js';
import { MAX_FOLDER_DEPTH } from '../../../store/repositories/folders.js';
import type { WorkflowChanges } from '../../../store/repositories/workflows.js';
import { storableErrors } from '../../workflows/storable-json.js';
import { NEW_WORKFLOW_BASE, toChanges } from '../../workflows/workflow-changes.js';
import { folderOf, workflowOf } from './archive-files.js';
import { FOLDER_FILE, isArchiverNoise, parseEntryPath, WORKFLOW_EXTENSION } from './entry-names.js';
import type { ZipEntry } from './zip-reader.js';

export const MAX_IMPORT_FOLDERS = 1_000;
export const MAX_IMPORT_WORKFLOWS = 1_000;
const MAX_LISTED_PROBLEMS = 50;

export interface PlannedFolder {
  /** The directory path in the archive, e.g. `Reports/2026`. */
  path: string;
  parentPath: string | null;
  name: string;
  description: string;
}

export interface PlannedWorkflow {
  path: string;
  /** The directory it sits in, or null at the top of the archive. */
  folderPath: string | null;
  name: string;
  changes: WorkflowChanges & { nodes?: unknown };
}

export interface ImportPlan {
  folders: PlannedFolder[];
  workflows: PlannedWorkflow[];
  /** Entries skipped without failing the import. */
  notes: FieldError[];
}

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null;
};
const validateBody = validatorCompiler({
  schema: CreateWorkflowBody,
  httpPart: 'body',
  method: 'POST',
  url: '/folders/import',
}) as unknown as Validate;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parseJson(data: Uint8Array): unknown {
  return JSON.parse(utf8.decode(data));
}

const at = (entry: string, path: string) => `${entry}:${path.replace(/^body\/?/, '/')}`;

/** Column values for one workflow file, or the problems that refuse it. */
function workflowChanges(
  path: string,
  workflow: Record<string, unknown>,
  fallbackName: string,
  knownNodeTypes: ReadonlySet<string>,
): { name: string; changes: WorkflowChanges } | FieldError[] {
  // Where it goes is decided by the archive; ids and ownership are this server's.
  delete workflow.folder_id;
  if (workflow.name === undefined) workflow.name = fallbackName;
  if (!validateBody(workflow)) {
    return (validateBody.errors ?? []).map((error) => ({
      path: at(path, error.instancePath || '/'),
      message: error.message ?? 'is invalid',
    }));
  }
  const body = workflow as CreateWorkflowBody;
  const unstorable = storableErrors(body);
  if (unstorable.length > 0) return unstorable.map((error) => ({ ...error, path: at(path, error.path) }));
  try {
    return { name: body.name.trim(), changes: toChanges(body, NEW_WORKFLOW_BASE, knownNodeTypes) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const errors = error.errors ?? [{ path: '', message: error.detail ?? error.message }];
    return errors.map((problem) => ({ ...problem, path: at(path, problem.path) }));
  }
}

export function planImport(entries: readonly ZipEntry[], knownNodeTypes: ReadonlySet<string>): ImportPlan {
  const folders = new Map<string, PlannedFolder>();
  const workflows: PlannedWorkflow[] = [];
  const notes: FieldError[] = [];
  const problems: FieldError[] = [];

  const ensureFolder = (segments: readonly string[]): string | null => {
    let parentPath: string | null = null;
    for (let depth = 1; depth <= segments.length; depth++) {
      const path = segments.slice(0, depth).join('/');
      if (!folders.has(path)) {
        const name = [...segments[depth - 1]!.trim()].slice(0, 200).join('').trim() || 'untitled';
        folders.set(path, { path, parentPath, name, description: '' });
      }
      parentPath = path;
    }
    return parentPath;
  };

  for (const entry of entries) {
    const { segments, isDirectory } = parseEntryPath(entry.name, MAX_FOLDER_DEPTH);
    if (isArchiverNoise(segments)) {
      notes.push({ path: entry.name, message: 'skipped: archiver metadata' });
      continue;
    }
    if (isDirectory) {
      ensureFolder(segments);
      continue;
    }
    const base = segments[segments.length - 1]!;
    const folderPath = ensureFolder(segments.slice(0, -1));
    if (base !== FOLDER_FILE && !base.toLowerCase().endsWith(WORKFLOW_EXTENSION)) {
      notes.push({ path: entry.name, message: 'skipped: not a .json file' });
      continue;
    }
    let parsed: unknown;
    try {
      parsed = parseJson(entry.data);
    } catch {
      problems.push({ path: entry.name, message: 'is not valid UTF-8 JSON' });
      continue;
    }
    if (base === FOLDER_FILE) {
      const meta = folderOf(parsed);
      if (typeof meta === 'string') problems.push({ path: entry.name, message: meta });
      else if (folderPath === null) notes.push({ path: entry.name, message: 'skipped: not inside a folder' });
      else {
        const unstorable = storableErrors(meta as { nodes?: undefined });
        if (unstorable.length > 0) problems.push({ path: entry.name, message: unstorable[0]!.message });
        else Object.assign(folders.get(folderPath)!, meta);
      }
      continue;
    }
    const workflow = workflowOf(parsed);
    if (typeof workflow === 'string') {
      problems.push({ path: entry.name, message: workflow });
      continue;
    }
    const stem = base.slice(0, -WORKFLOW_EXTENSION.length) || 'untitled';
    const result = workflowChanges(entry.name, workflow, stem, knownNodeTypes);
    if (Array.isArray(result)) problems.push(...result);
    else workflows.push({ path: entry.name, folderPath, ...result });
  }

  if (folders.size > MAX_IMPORT_FOLDERS)
    problems.push({ path: 'body', message: `more than ${MAX_IMPORT_FOLDERS} folders` });
  if (workflows.length > MAX_IMPORT_WORKFLOWS) {
    problems.push({ path: 'body', message: `more than ${MAX_IMPORT_WORKFLOWS} workflows` });
  }
  if (problems.length > 0) {
    throw new AppError('invalid_archive', {
      detail: `${problems[0]!.path}: ${problems[0]!.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
      errors: problems.slice(0, MAX_LISTED_PROBLEMS),
    });
  }
  const ordered = [...folders.values()].sort(
    (a, b) => a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path),
  );
  return { folders: ordered, workflows, notes };
}
