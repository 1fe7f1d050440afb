/** The execute response (spec 2.3) and execution records as the API shows them. */
import type { RunResult } from '../../core/engine/index.js';
import type { ExecutionRow } from '../../store/repositories/executions.js';

export interface ExecuteAnswer {
  httpStatus: number;
  body: unknown;
}

export interface ExecuteBody {
  workflow_id: string;
  execution_id: string;
  status: string;
  outputs: Record<string, unknown>;
  execution_time_ms: number;
}

export function executeBody(
  workflowId: string,
  executionId: string,
  status: string,
  outputs: Record<string, unknown>,
  executionTimeMs: number,
): ExecuteBody {
  return {
    workflow_id: workflowId,
    execution_id: executionId,
    status,
    outputs,
    execution_time_ms: executionTimeMs,
  };
}

/** Throw Error sets the status; a sole jsonOutputMapper's object is the whole body. */
export function answerFor(workflowId: string, executionId: string, result: RunResult): ExecuteAnswer {
  if (result.status === 'success' && result.responseBody !== undefined) {
    return { httpStatus: 200, body: result.responseBody };
  }
  return {
    httpStatus: result.httpStatus ?? 200,
    body: executeBody(workflowId, executionId, result.status, result.outputs, result.executionTimeMs),
  };
}

interface StoredNodeResult {
  label?: string;
  type?: string;
  status?: string;
  output?: unknown;
  error?: string;
  startedAt?: string | null;
  finishedAt?: string | null;
  executionTimeMs?: number;
  attempts?: number;
}

/** Per-node results in the API's snake_case. */
function nodeResultsView(stored: unknown): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [nodeId, result] of Object.entries((stored ?? {}) as Record<string, StoredNodeResult>)) {
    view[nodeId] = {
      label: result.label,
      type: result.type,
      status: result.status,
      output: result.output ?? null,
      ...(result.error !== undefined ? { error: result.error } : {}),
      started_at: result.startedAt ?? null,
      finished_at: result.finishedAt ?? null,
      execution_time_ms: result.executionTimeMs ?? 0,
      attempts: result.attempts ?? 0,
    };
  }
  return view;
}

export function executionRecord(row: ExecutionRow) {
  return {
    id: row.id,
    workflow_id: row.workflowId,
    status: row.status,
    trigger_source: row.triggerSource,
    test_run: row.testRun,
    user_id: row.userId,
    inputs: row.inputs ?? null,
    outputs: row.outputs ?? null,
    node_results: nodeResultsView(row.nodeResults),
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    execution_time_ms: row.executionTimeMs,
  };
}

export type ExecutionRecord = ReturnType<typeof executionRecord>;
