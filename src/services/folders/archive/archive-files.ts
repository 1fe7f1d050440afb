/**
 * The JSON files of a folder archive. A workflow file is
 * `{format: "skein.workflow", version: 1, workflow: {name, description, nodes, edges, ...settings}}`
 * with every setting of spec 2.1 except `auth_header_value` (a secret; exports get passed around)
 * and the ids, owner, folder and timestamps, which belong to the server it came from. A folder's
 * directory holds `.folder.json`: `{format: "skein.folder", version: 1, name, description}`.
 */
import type { FolderRow } from '../../../store/repositories/folders.js';
import type { WorkflowRecord } from '../../../http/schemas/workflow.js';

export const WORKFLOW_FORMAT = 'skein.workflow';
export const FOLDER_FORMAT = 'skein.folder';
export const FORMAT_VERSION = 1;

export const EXPORTED_WORKFLOW_FIELDS = [
  'name',
  'description',
  'nodes',
  'edges',
  'auth_type',
  'allow_anonymous',
  'auth_header_key',
  'http_method',
  'webhook_body_mode',
  'cache_ttl_seconds',
  'rate_limit_requests',
  'rate_limit_window_seconds',
  'sse_enabled',
  'sse_node_config',
  'mcp_enabled',
  'portal_enabled',
  'portal_slug',
  'portal_stream_enabled',
  'portal_file_upload_enabled',
  'portal_file_config',
] as const satisfies readonly (keyof WorkflowRecord)[];

export function workflowFile(record: WorkflowRecord) {
  const workflow = Object.fromEntries(EXPORTED_WORKFLOW_FIELDS.map((field) => [field, record[field]]));
  return { format: WORKFLOW_FORMAT, version: FORMAT_VERSION, workflow };
}

export function folderFile(folder: Pick<FolderRow, 'name' | 'description'>) {
  return {
    format: FOLDER_FORMAT,
    version: FORMAT_VERSION,
    name: folder.name,
    description: folder.description,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The workflow object of a parsed workflow file, or a message saying why there is none. A file
 * without `format` that looks like a workflow (it has `nodes`) is taken as the workflow itself, so
 * hand-made archives work too.
 */
export function workflowOf(file: unknown): Record<string, unknown> | string {
  if (!isObject(file)) return 'is not a JSON object';
  if (file.format === undefined)
    return Array.isArray(file.nodes) ? file : `has no "format": "${WORKFLOW_FORMAT}"`;
  if (file.format !== WORKFLOW_FORMAT)
    return `has format ${JSON.stringify(file.format)}, not "${WORKFLOW_FORMAT}"`;
  if (file.version !== FORMAT_VERSION)
    return `has version ${JSON.stringify(file.version)}, not ${FORMAT_VERSION}`;
  return isObject(file.workflow) ? file.workflow : 'has no "workflow" object';
}

/** Name and description of a parsed `.folder.json`, or a message saying what is wrong. */
export function folderOf(file: unknown): { name: string; description: string } | string {
  if (!isObject(file) || file.format !== FOLDER_FORMAT) return `is not a "${FOLDER_FORMAT}" file`;
  if (file.version !== FORMAT_VERSION)
    return `has version ${JSON.stringify(file.version)}, not ${FORMAT_VERSION}`;
  const { name, description } = file;
  if (typeof name !== 'string' || !/\S/.test(name) || name.length > 200) {
    return 'needs a "name" of 1 to 200 characters';
  }
  if (description !== undefined && description !== null) {
    if (typeof description !== 'string' || description.length > 5_000) {
      return 'has a "description" that is not a string of at most 5000 characters';
    }
  }
  return { name: name.trim(), description: typeof description === 'string' ? description : '' };
}
