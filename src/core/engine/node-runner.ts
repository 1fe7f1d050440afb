/**
 * Runs one node's turn: node_start, pinned data or params + retries, loop iterations, onError
 * routing, the node result record and node_complete.
 */
import { DONE_HANDLE, ERROR_HANDLE, type WorkflowNode } from '../workflow/index.js';
import { createNodeContext } from './context.js';
import type { NodeDefinition, NodeRunResult } from './define-node.js';
import { errorMessage, httpStatusOf } from './errors.js';
import { isoTime } from './iso-time.js';
import { prepareParams } from './params.js';
import { retryPolicyOf, withRetry } from './retry.js';
import { expressionScope, type Failure, type Outcome, type RunState } from './state.js';
import type { NodeCompleteEvent } from './events.js';
import type { NodeStatus } from './status.js';
import type { NodeResult } from './types.js';

export interface NodeInput {
  input: unknown;
  inputs: Record<string, unknown>;
}

export type LoopOutcome =
  { kind: 'done'; results: unknown[] } | { kind: 'failed'; failure: Failure } | { kind: 'cancelled' };

/** Runs a loop node's body once per item. */
export type LoopRunner = (
  loopId: string,
  items: readonly unknown[],
  halted: () => boolean,
) => Promise<LoopOutcome>;

type Produced =
  | { kind: 'ok'; result: NodeRunResult; attempts: number }
  | { kind: 'error'; failure: Failure; attempts: number }
  | { kind: 'cancelled'; attempts: number };

export function runNode(
  run: RunState,
  nodeId: string,
  given: NodeInput,
  halted: () => boolean,
  runLoop: LoopRunner,
): Outcome | Promise<Outcome> {
  const node = run.plan.node(nodeId);
  const startedAt = run.nowMs();
  run.emit({
    type: 'node_start',
    node_id: node.id,
    node_label: node.data.label,
    started_at_ms: startedAt,
  });
  const produced = produce(run, node, run.plan.definition(nodeId), given, halted, runLoop);
  return produced instanceof Promise
    ? produced.then((done) => settle(run, node, done, startedAt))
    : settle(run, node, produced, startedAt);
}

/** Synchronous for a node that answers at once without retries; a promise otherwise. */
function produce(
  run: RunState,
  node: WorkflowNode,
  definition: NodeDefinition,
  given: NodeInput,
  halted: () => boolean,
  runLoop: LoopRunner,
): Produced | Promise<Produced> {
  if (run.request.testRun && node.data.pinnedData !== undefined) {
    return { kind: 'ok', result: pinnedResult(run, node, definition), attempts: 0 };
  }
  const failed = (error: unknown, attempts: number): Produced =>
    run.cancel.aborted
      ? { kind: 'cancelled', attempts }
      : { kind: 'error', failure: failureOf(node, error), attempts };

  const scope = expressionScope(run, node.id, given.input);
  let params: unknown;
  try {
    params = prepareParams(definition, node.data, scope);
  } catch (error) {
    return failed(error, 1);
  }
  const ctx = createNodeContext(run, node, given, scope);
  const ran = (result: NodeRunResult, attempts: number): Produced | Promise<Produced> => {
    if (!result.iterate) return { kind: 'ok', result, attempts };
    return runLoop(node.id, result.iterate, halted).then((loop): Produced => {
      if (loop.kind === 'failed') return { kind: 'error', failure: loop.failure, attempts };
      if (loop.kind === 'cancelled') return { kind: 'cancelled', attempts };
      return { kind: 'ok', result: { output: { results: loop.results }, branch: DONE_HANDLE }, attempts };
    });
  };

  const policy = retryPolicyOf(node);
  if (policy.maxAttempts > 1) {
    return withRetry(
      policy,
      run.cancel.signal,
      async () => definition.run(ctx, params),
      (attempt) =>
        run.emit({ type: 'node_retry', node_id: node.id, attempt, max_attempts: policy.maxAttempts }),
    ).then((attempted) =>
      attempted.ok ? ran(attempted.value, attempted.attempts) : failed(attempted.error, attempted.attempts),
    );
  }
  let result: NodeRunResult | Promise<NodeRunResult>;
  try {
    result = definition.run(ctx, params);
  } catch (error) {
    return failed(error, 1);
  }
  if (result instanceof Promise) {
    return result.then(
      (value) => ran(value, 1),
      (error: unknown) => failed(error, 1),
    );
  }
  return ran(result, 1);
}

/** Pinned output stands in for the node; a `branch` member picks a named handle when valid. */
function pinnedResult(run: RunState, node: WorkflowNode, definition: NodeDefinition): NodeRunResult {
  const output = node.data.pinnedData;
  const handles = definition.handles?.(node.data);
  if (!handles) return { output };
  if (run.plan.loops.has(node.id)) return { output, branch: DONE_HANDLE };
  const branch =
    typeof output === 'object' && output !== null && 'branch' in output ? String(output.branch) : undefined;
  return { output, branch: branch !== undefined && handles.includes(branch) ? branch : handles[0] };
}

function failureOf(node: WorkflowNode, error: unknown): Failure {
  const httpStatus = httpStatusOf(error);
  return {
    message: errorMessage(error),
    nodeId: node.id,
    nodeLabel: node.data.label,
    ...(httpStatus !== undefined ? { httpStatus } : {}),
  };
}

/** When a node's turn began and ended, and how many attempts it took. */
interface Span {
  startedAt: number;
  finishedAt: number;
  attempts: number;
}

function settle(run: RunState, node: WorkflowNode, produced: Produced, startedAt: number): Outcome {
  const span: Span = { startedAt, finishedAt: run.nowMs(), attempts: produced.attempts };
  switch (produced.kind) {
    case 'ok': {
      const output = produced.result.output ?? null;
      record(run, node, span, 'success', output);
      const outcome = ran(run, node.id, output, produced.result.branch);
      if (produced.result.returnEarly) run.resolveEarly({ label: node.data.label, output });
      return outcome;
    }
    case 'cancelled':
      record(run, node, span, 'cancelled', null);
      return { kind: 'cancelled' };
    case 'error': {
      const { failure } = produced;
      if (node.data.onErrorEnabled !== true) {
        record(run, node, span, 'error', null, failure.message);
        return { kind: 'failed', failure };
      }
      const output = { error: { message: failure.message, node_label: failure.nodeLabel } };
      record(run, node, span, 'error', output, failure.message);
      return ran(run, node.id, output, ERROR_HANDLE);
    }
  }
}

/** The node's result record, and its node_complete event. */
function record(
  run: RunState,
  node: WorkflowNode,
  span: Span,
  status: Exclude<NodeStatus, 'skipped'>,
  output: unknown,
  error?: string,
): void {
  const label = node.data.label;
  const executionTimeMs = Math.max(0, span.finishedAt - span.startedAt);
  const result: NodeResult = {
    label,
    type: node.type,
    status,
    output,
    startedAt: isoTime(span.startedAt),
    finishedAt: isoTime(span.finishedAt),
    executionTimeMs,
    attempts: span.attempts,
  };
  const event: NodeCompleteEvent = {
    type: 'node_complete',
    node_id: node.id,
    node_label: label,
    status,
    output,
    execution_time_ms: executionTimeMs,
  };
  if (error !== undefined) result.error = event.error = error;
  run.results.set(node.id, result);
  run.emit(event);
}

function ran(run: RunState, nodeId: string, output: unknown, branch: string | undefined): Outcome {
  run.outputs.set(nodeId, output);
  run.ran.add(nodeId);
  return { kind: 'ran', output, branch };
}
