/** Calling the execute endpoints and reading execution history over the public API. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface ExecuteOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  /** Query string without the leading `?`, or key/value pairs. */
  query?: string | Record<string, string>;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Client address (rate limits are per workflow and IP). */
  ip?: string;
  /** `execute` (default) or `execute/stream`. */
  endpoint?: 'execute' | 'execute/stream';
}

export function executeUrl(workflowId: string, options: Pick<ExecuteOptions, 'query' | 'endpoint'> = {}) {
  const query =
    typeof options.query === 'string' ? options.query : new URLSearchParams(options.query ?? {}).toString();
  return `/api/workflows/${workflowId}/${options.endpoint ?? 'execute'}${query ? `?${query}` : ''}`;
}

export function execute(
  app: FastifyInstance,
  workflowId: string,
  options: ExecuteOptions = {},
): Promise<LightMyRequestResponse> {
  const method = options.method ?? 'POST';
  return app.inject({
    method,
    url: executeUrl(workflowId, options),
    headers: options.headers,
    ...(options.payload !== undefined ? { payload: options.payload as string | object } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

export interface ExecutionItem {
  id: string;
  workflow_id: string;
  status: string;
  trigger_source: string | null;
  test_run: boolean;
  user_id: string | null;
  inputs: any;
  outputs: any;
  node_results: Record<string, any>;
  started_at: string;
  finished_at: string | null;
  execution_time_ms: number;
}

export async function listExecutions(
  app: FastifyInstance,
  headers: Record<string, string>,
  workflowId: string,
  query: Record<string, string | number> = {},
): Promise<{ items: ExecutionItem[]; total: number }> {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const response = await app.inject({
    url: `/api/workflows/${workflowId}/executions${search ? `?${search}` : ''}`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body);
}

/** Every history row of a workflow (all pages). */
export async function allExecutions(
  app: FastifyInstance,
  headers: Record<string, string>,
  workflowId: string,
): Promise<ExecutionItem[]> {
  const rows: ExecutionItem[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await listExecutions(app, headers, workflowId, { limit: 200, offset });
    rows.push(...page.items);
    if (page.items.length < 200) return rows;
  }
}

/**
 * One run by id. A 404 is retried for up to `settleMs`: while the history writer has a batch in
 * flight its rows are briefly invisible (reported as a bug; test/execution-history.test.ts pins it
 * with `settleMs: 0`), and suites about other behaviour should not flake on it.
 */
export async function getExecution(
  app: FastifyInstance,
  headers: Record<string, string>,
  executionId: string,
  { settleMs = 2_000 }: { settleMs?: number } = {},
): Promise<ExecutionItem> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    const response = await app.inject({ url: `/api/executions/${executionId}`, headers });
    if (response.statusCode === 200) return JSON.parse(response.body);
    if (response.statusCode !== 404 || Date.now() >= deadline) {
      throw new Error(`get execution failed: ${response.statusCode} ${response.body}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A node result of a run by the node's label. */
export function nodeResult(execution: ExecutionItem, label: string): any {
  const found = Object.values(execution.node_results).find((result: any) => result.label === label);
  if (!found) throw new Error(`no node result labelled ${label}`);
  return found;
}

/** V8 stack frames (`    at fn (file.ts:1:2)`) or Node internals leaking into a response body. */
export const STACK_TRACE = /\n\s+at \S.*:\d+:\d+|node_modules\/|node:internal|"stack"\s*:/;

/* Building and saving graphs (test/support/workflows.ts re-exports these). */

export interface WorkflowDoc {
  nodes: unknown[];
  edges: unknown[];
}

/** POST /api/workflows as the given user; expects 201 and answers the record. */
export async function createWorkflow(
  app: FastifyInstance,
  headers: Record<string, string>,
  doc: WorkflowDoc,
  settings: Record<string, unknown> = {},
): Promise<{ id: string; [key: string]: unknown }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/workflows',
    headers,
    payload: { name: 'Test workflow', ...doc, ...settings },
  });
  if (response.statusCode !== 201)
    throw new Error(`create workflow failed: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body);
}

let nodeCounter = 0;
/** A node with a generated id and zero position: `node('set', 'shape', {mappings: [...]})`. */
export function node(type: string, label: string, data: Record<string, unknown> = {}, id?: string) {
  return { id: id ?? `${label}_${++nodeCounter}`, type, position: { x: 0, y: 0 }, data: { label, ...data } };
}

export function edge(source: { id: string }, target: { id: string }, extra: Record<string, string> = {}) {
  return {
    id: `e_${source.id}_${target.id}_${extra.sourceHandle ?? ''}`,
    source: source.id,
    target: target.id,
    ...extra,
  };
}

/**
 * textInput -> wait a minute -> set: a run that stays running until it is cancelled. `after` is the
 * node that must never succeed once it is.
 */
export function pausedRun(): { doc: WorkflowDoc; after: { id: string } } {
  const request = node('textInput', 'request');
  const pause = node('wait', 'pause', { durationMs: 60_000 });
  const after = node('set', 'after', { mappings: [{ key: 'x', value: '1' }] });
  return {
    doc: { nodes: [request, pause, after], edges: [edge(request, pause), edge(pause, after)] },
    after,
  };
}

/** textInput -> set -> output: answers `{result: "Hello <name>"}` (design 5). */
export function greeter(): WorkflowDoc {
  const request = node('textInput', 'request', { inputFields: [{ key: 'name' }] });
  const shape = node('set', 'shape', { mappings: [{ key: 'greeting', value: 'Hello $request.body.name' }] });
  const result = node('output', 'result', { value: '$shape.greeting' });
  return { nodes: [request, shape, result], edges: [edge(request, shape), edge(shape, result)] };
}
