/**
 * Starts one run: its execution id, live channel, cancel signal and history rows, the engine run
 * with the run's resources (credentials, globals) and masking applied to everything it emits.
 */
import {
  LazyCancel,
  startRun,
  type EarlyOutput,
  type EnginePorts,
  type NodeRegistry,
  type RunHandle,
  type RunResult,
} from '../../core/engine/index.js';
import { noMasking } from '../../core/masking.js';
import type { WorkflowDocument } from '../../core/workflow/index.js';
import type { ExecutionInsert } from '../../store/repositories/executions.js';
import { newExecutionId } from './execution-id.js';
import type { WorkflowRow } from './execution-service.js';
import { frameForEvent, type SseNodeConfig } from './frames.js';
import type { HistoryWriter } from './history-writer.js';
import { answerFor, executeBody, type ExecuteAnswer } from './responses.js';
import type { RunChannel, RunChannels } from './run-channel.js';
import type { RunResources } from './run-resources.js';
import { compactFrames } from './stored-frames.js';

export interface LaunchSpec {
  workflow: WorkflowRow;
  trigger: unknown;
  inputs: unknown;
  triggerSource: string;
  testRun: boolean;
  userId: string;
  depth: number;
  parentSignal?: AbortSignal;
}

export interface LiveRun {
  executionId: string;
  channel: RunChannel;
  /** What the caller is answered: the early Output, or the final result. */
  answer: Promise<ExecuteAnswer>;
  done: Promise<RunResult>;
}

export interface RunStarterDeps {
  registry: NodeRegistry;
  history: HistoryWriter;
  channels: RunChannels;
  maxDepth?: number;
  ports: EnginePorts;
  /** Keeps the run's completion for a graceful shutdown to wait on. */
  track(done: Promise<RunResult>): void;
}

type RunRow = ExecutionInsert & { id: string };

/** One history row shape for every state of a run. */
function runRow(
  spec: LaunchSpec,
  id: string,
  startedAt: Date,
  inputs: unknown,
  state: Pick<ExecutionInsert, 'status' | 'outputs' | 'nodeResults' | 'finishedAt'> & {
    executionTimeMs?: number;
  },
): RunRow {
  return {
    id,
    workflowId: spec.workflow.id,
    status: state.status,
    triggerSource: spec.triggerSource,
    testRun: spec.testRun,
    userId: spec.userId,
    inputs,
    outputs: state.outputs,
    nodeResults: state.nodeResults,
    startedAt,
    finishedAt: state.finishedAt,
    executionTimeMs: state.executionTimeMs,
  };
}

export function startLiveRun(
  spec: LaunchSpec,
  document: WorkflowDocument,
  deps: RunStarterDeps,
  resources: RunResources | Promise<RunResources>,
): LiveRun {
  const executionId = newExecutionId();
  const startedAt = new Date();
  const cancel = new LazyCancel();
  const unlink = linkAbort(spec.parentSignal, cancel);
  const channel = deps.channels.open(executionId, cancel);
  channel.push({ type: 'execution_started', execution_id: executionId, server_now_ms: startedAt.getTime() });
  let ended = false;
  deps.history.recordAfterTurn(() =>
    ended ? undefined : runRow(spec, executionId, startedAt, spec.inputs, { status: 'running' }),
  );
  const sseConfig = (spec.workflow.sseNodeConfig ?? {}) as SseNodeConfig;
  let mask = noMasking;

  const begin = (loaded: RunResources): RunHandle => {
    mask = loaded.mask;
    return startRun(
      {
        runId: executionId,
        workflow: document,
        trigger: spec.trigger,
        triggerSource: spec.triggerSource,
        testRun: spec.testRun,
        userId: spec.userId,
        depth: spec.depth,
        cancel,
        credentials: loaded.credentials,
        global: loaded.global,
      },
      {
        registry: deps.registry,
        maxDepth: deps.maxDepth,
        ports: loaded.loadCredential
          ? { ...deps.ports, credential: loaded.loadCredential, setGlobal: loaded.setGlobal }
          : deps.ports,
        onEvent: (event) => channel.push(mask(frameForEvent(event, sseConfig))),
      },
    );
  };

  /** Records the run's last state, with its frames minus what that row holds anyway. */
  const end = (row: RunRow) => {
    ended = true;
    unlink();
    row.events = compactFrames(
      channel.frames.map((frame) => frame.data),
      row,
    );
    deps.history.record(row);
    deps.channels.finish(executionId);
  };

  /** The run could not start (bad document, nesting limit, resources unavailable). */
  const failed = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const outputs = { error: { message, node_label: null } };
    const executionTimeMs = Date.now() - startedAt.getTime();
    channel.push({
      type: 'execution_complete',
      status: 'error',
      outputs,
      execution_time_ms: executionTimeMs,
    });
    end(
      runRow(spec, executionId, startedAt, spec.inputs, {
        status: 'error',
        outputs,
        finishedAt: new Date(),
        executionTimeMs,
      }),
    );
  };

  const finished = (result: RunResult): RunResult => {
    const masked = mask(result);
    end(
      runRow(spec, executionId, startedAt, mask(spec.inputs), {
        status: masked.status,
        outputs: masked.outputs,
        nodeResults: masked.nodeResults,
        finishedAt: new Date(),
        executionTimeMs: masked.executionTimeMs,
      }),
    );
    return masked;
  };

  let handle: RunHandle | Promise<RunHandle>;
  try {
    handle = resources instanceof Promise ? resources.then(begin) : begin(resources);
  } catch (error) {
    failed(error);
    throw error;
  }
  if (handle instanceof Promise) handle.catch(failed);

  const done =
    handle instanceof Promise
      ? handle.then((started) => started.done.then(finished))
      : handle.done.then(finished);
  deps.track(done);
  const answerEarly = (output: EarlyOutput | null): ExecuteAnswer | Promise<ExecuteAnswer> => {
    if (!output) return done.then((result) => answerFor(spec.workflow.id, executionId, result));
    const elapsed = Date.now() - startedAt.getTime();
    const outputs = { [output.label]: output.output };
    return {
      httpStatus: 200,
      body: mask(executeBody(spec.workflow.id, executionId, 'success', outputs, elapsed)),
    };
  };
  const answer =
    handle instanceof Promise
      ? handle.then((started) => started.early.then(answerEarly))
      : handle.early.then(answerEarly);
  return { executionId, channel, answer, done };
}

function linkAbort(parent: AbortSignal | undefined, child: LazyCancel): () => void {
  if (!parent) return () => {};
  if (parent.aborted) {
    child.abort(parent.reason);
    return () => {};
  }
  const onAbort = () => child.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return () => parent.removeEventListener('abort', onAbort);
}
