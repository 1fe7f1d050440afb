/** Shapes the RunResult from the run state once every scope has settled. */
import { setOwn } from '../expressions/index.js';
import { CoreNodeType } from '../workflow/index.js';
import type { Failure, RunState } from './state.js';
import type { RunStatus } from './status.js';
import type { RunResult } from './types.js';

/** Labels and outputs of terminal nodes (and output / jsonOutputMapper nodes) that ran. */
export function collectOutputs(run: RunState): Record<string, unknown> {
  const outputs: Record<string, unknown> = {};
  for (const id of run.ran) {
    if (run.plan.inLoopBody.has(id)) continue;
    const node = run.plan.node(id);
    const always = node.type === CoreNodeType.output || node.type === CoreNodeType.jsonOutputMapper;
    if (run.plan.terminal.has(id) || always) outputs[node.data.label] = run.outputs.get(id) ?? null;
  }
  return outputs;
}

/** Nodes the scopes never reached (error handlers on a good run, bodies of loops not run...). */
export function fillUnreached(run: RunState): void {
  for (const node of run.request.workflow.nodes) {
    if (node.type === CoreNodeType.sticky || run.results.has(node.id)) continue;
    run.results.set(node.id, {
      label: node.data.label,
      type: node.type,
      status: run.cancel.aborted ? 'cancelled' : 'skipped',
      output: null,
      startedAt: null,
      finishedAt: null,
      executionTimeMs: 0,
      attempts: 0,
    });
  }
}

export function runStatus(run: RunState, failure: Failure | undefined): RunStatus {
  if (failure) return 'error';
  for (const result of run.results.values()) if (result.status === 'cancelled') return 'cancelled';
  return 'success';
}

function recordOf<T>(map: ReadonlyMap<string, T>): Record<string, T> {
  const record: Record<string, T> = {};
  map.forEach((value, key) => setOwn(record, key, value));
  return record;
}

export function shapeResult(
  run: RunState,
  status: RunStatus,
  failure: Failure | undefined,
  executionTimeMs: number,
): RunResult {
  const outputs = collectOutputs(run);
  const result: RunResult = {
    status,
    outputs,
    nodeResults: recordOf(run.results),
    executionTimeMs,
    ...(run.early ? { earlyOutput: run.early } : {}),
  };
  if (failure) {
    outputs['error'] = { message: failure.message, node_label: failure.nodeLabel };
    result.error = { message: failure.message, node_label: failure.nodeLabel, node_id: failure.nodeId };
    if (failure.httpStatus !== undefined) result.httpStatus = failure.httpStatus;
  }
  const labels = Object.keys(outputs);
  const sole = labels.length === 1 ? labels[0] : undefined;
  if (status === 'success' && sole !== undefined) {
    const node = run.request.workflow.nodes.find((n) => n.data.label === sole);
    if (node?.type === CoreNodeType.jsonOutputMapper) result.responseBody = outputs[sole];
  }
  return result;
}
