/**
 * Entry points. `startRun` validates the document, then runs the main scope; when it fails and the
 * workflow has error handlers, they run with their downstream. `early` resolves at the first
 * returnEarly Output node so the caller can answer while the rest of the run finishes.
 */
import { AppError } from '../errors.js';
import { cancelBy, LazyCancel } from './abort.js';
import { safeEmitter } from './events.js';
import { runLoop } from './loop.js';
import { runNode, type LoopRunner } from './node-runner.js';
import { planFor } from './plan-cache.js';
import { silentLogger } from './ports.js';
import { fillUnreached, runStatus, shapeResult } from './result.js';
import { runScope, type NodeStep, type ScopeSpec } from './scheduler.js';
import type { Failure, RunState } from './state.js';
import type { EarlyOutput, RunDeps, RunHandle, RunRequest, RunResult } from './types.js';

export const DEFAULT_MAX_DEPTH = 10;

/**
 * Starts a run. Throws AppError `invalid_workflow` for a bad document and `recursion_limit` when
 * `request.depth` exceeds `deps.maxDepth`; otherwise `done` always resolves (never rejects).
 */
export function startRun(request: RunRequest, deps: RunDeps): RunHandle {
  const maxDepth = deps.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (request.depth > maxDepth) {
    throw new AppError('recursion_limit', {
      detail: `Sub-workflow nesting limit reached: depth ${request.depth} exceeds the maximum of ${maxDepth}`,
    });
  }
  const plan = planFor(request.workflow, deps.registry);
  const logger = deps.ports?.logger ?? silentLogger;
  const emit = safeEmitter(deps.onEvent, (error) =>
    logger.error('run event listener failed', { run_id: request.runId, error: String(error) }),
  );
  let settleEarly: (value: EarlyOutput | null) => void = () => {};
  const early = new Promise<EarlyOutput | null>((resolve) => (settleEarly = resolve));
  const clock = deps.now;
  const now = clock ?? (() => new Date());
  const nowMs = clock ? () => clock().getTime() : Date.now;

  const run: RunState = {
    request,
    plan,
    ports: deps.ports ?? {},
    logger,
    cancel: request.cancel ?? (request.signal ? cancelBy(request.signal) : new LazyCancel()),
    maxDepth,
    emit,
    now,
    nowMs,
    outputs: new Map(),
    ran: new Set(),
    results: new Map(),
    vars: { ...request.vars },
    global: { ...request.global },
    early: undefined,
    resolveEarly(output) {
      if (run.early) return;
      run.early = output;
      emit({ type: 'final_output', node_label: output.label, output: output.output });
      settleEarly(output);
    },
  };

  const done = execute(run).then(
    (result) => {
      settleEarly(null);
      return result;
    },
    (error: unknown) => {
      settleEarly(null);
      return internalFailure(run, error);
    },
  );
  return { early, done };
}

export async function runWorkflow(request: RunRequest, deps: RunDeps): Promise<RunResult> {
  return startRun(request, deps).done;
}

async function execute(run: RunState): Promise<RunResult> {
  const startedAt = run.nowMs();
  const scope = (spec: ScopeSpec) => runScope(run, spec, step);
  const loop: LoopRunner = (loopId, items, loopHalted) => runLoop(run, loopId, items, loopHalted, scope);
  const step: NodeStep = (nodeId, given, halted) => runNode(run, nodeId, given, halted, loop);

  const main = await scope({
    nodeIds: run.plan.main,
    startInput: () => run.request.trigger,
    startAllowed: (id) => startAllowed(run, id),
  });
  const failure = main.failure;
  if (failure && !run.cancel.aborted && run.plan.errorHandlers.length > 0) {
    const input = {
      error: { message: failure.message, node_label: failure.nodeLabel, node_id: failure.nodeId },
    };
    const handled = await scope({
      nodeIds: run.plan.errorScope,
      preset: main.outcomes,
      startInput: () => input,
      startAllowed: () => true,
    });
    if (handled.failure) {
      run.logger.warn('error handler branch failed', {
        run_id: run.request.runId,
        error: handled.failure.message,
      });
    }
  }
  return finish(run, failure, startedAt);
}

function startAllowed(run: RunState, nodeId: string): boolean {
  const chosen = run.request.startNodeIds;
  return !chosen || run.plan.definition(nodeId).group !== 'trigger' || chosen.includes(nodeId);
}

function finish(run: RunState, failure: Failure | undefined, startedAt: number): RunResult {
  fillUnreached(run);
  const executionTimeMs = Math.max(0, run.nowMs() - startedAt);
  const result = shapeResult(run, runStatus(run, failure), failure, executionTimeMs);
  run.emit({
    type: 'execution_complete',
    status: result.status,
    outputs: result.outputs,
    execution_time_ms: executionTimeMs,
  });
  return result;
}

/** A bug in the engine must still end the run with a result. */
function internalFailure(run: RunState, error: unknown): RunResult {
  run.logger.error('engine failure', { run_id: run.request.runId, error: String(error) });
  const failure: Failure = { message: 'Internal engine error', nodeId: '', nodeLabel: '' };
  const result = shapeResult(run, 'error', failure, 0);
  result.error = { message: failure.message, node_label: null, node_id: null };
  result.outputs['error'] = { message: failure.message, node_label: null };
  return result;
}
