/**
 * Starts one run: its execution id, live channel, cancel signal and history rows, the engine run
 * with the run's resources (credentials, globals) and masking applied to everything it emits.
 */
import { randomUUID } from 'node:crypto';
import { startRun, type EnginePorts, type NodeRegistry, type RunResult } from '../../core/engine/index.js';
import type { WorkflowDocument } from '../../core/workflow/index.js';
import type { CancelSignals } from './cancel-signals.js';
import type { WorkflowRow } from './execution-service.js';
import { frameForEvent, type SseNodeConfig } from './frames.js';
import type { HistoryWriter } from './history-writer.js';
import { answerFor, executeBody, type ExecuteAnswer } from './responses.js';
import type { RunChannel, RunChannels } from './run-channel.js';
import type { RunResources } from './run-resources.js';

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
  cancels: CancelSignals;
  maxDepth?: number;
  ports: EnginePorts;
  /** Keeps the run's completion for a graceful shutdown to wait on. */
  track(done: Promise<RunResult>): void;
}

export function startLiveRun(
  spec: LaunchSpec & { document: WorkflowDocument },
  deps: RunStarterDeps,
  resources: RunResources | Promise<RunResources>,
): LiveRun {
  const executionId = randomUUID();
  const startedAt = new Date();
  const controller = deps.cancels.register(executionId);
  const unlink = linkAbort(spec.parentSignal, controller);
  const channel = deps.channels.open(executionId);
  channel.push({ type: 'execution_started', execution_id: executionId, server_now_ms: startedAt.getTime() });
  const row = {
    id: executionId,
    workflowId: spec.workflow.id,
    triggerSource: spec.triggerSource,
    testRun: spec.testRun,
    userId: spec.userId,
    inputs: spec.inputs,
    startedAt,
  };
  deps.history.record({ ...row, status: 'running' });
  const sseConfig = (spec.workflow.sseNodeConfig ?? {}) as SseNodeConfig;
  const release = () => {
    deps.cancels.release(executionId);
    unlink();
  };

  const begin = (loaded: RunResources) =>
    startRun(
      {
        runId: executionId,
        workflow: spec.document,
        trigger: spec.trigger,
        triggerSource: spec.triggerSource,
        testRun: spec.testRun,
        userId: spec.userId,
        depth: spec.depth,
        signal: controller.signal,
        credentials: loaded.credentials,
        global: loaded.global,
      },
      {
        registry: deps.registry,
        maxDepth: deps.maxDepth,
        ports: { ...deps.ports, credential: loaded.loadCredential, setGlobal: loaded.setGlobal },
        onEvent: (event) => channel.push(loaded.mask(frameForEvent(event, sseConfig))),
      },
    );

  /** The run could not start (bad document, nesting limit, resources unavailable). */
  const failed = (error: unknown) => {
    release();
    const message = error instanceof Error ? error.message : String(error);
    const outputs = { error: { message, node_label: null } };
    const executionTimeMs = Date.now() - startedAt.getTime();
    channel.push({
      type: 'execution_complete',
      status: 'error',
      outputs,
      execution_time_ms: executionTimeMs,
    });
    deps.history.record({
      ...row,
      status: 'error',
      outputs,
      events: channel.frames.map((frame) => frame.data),
      finishedAt: new Date(),
      executionTimeMs,
    });
    deps.channels.finish(executionId);
  };

  let handle: ReturnType<typeof startRun> | Promise<ReturnType<typeof startRun>>;
  let mask = (resources as RunResources).mask;
  try {
    handle =
      resources instanceof Promise
        ? resources.then((loaded) => ((mask = loaded.mask), begin(loaded)))
        : begin(resources);
  } catch (error) {
    failed(error);
    throw error;
  }
  if (handle instanceof Promise) handle.catch(failed);

  const done = Promise.resolve(handle).then(({ done: finished }) =>
    finished.then((result) => {
      release();
      const masked = mask(result);
      deps.history.record({
        ...row,
        inputs: mask(row.inputs),
        status: masked.status,
        outputs: masked.outputs,
        nodeResults: masked.nodeResults,
        events: channel.frames.map((frame) => frame.data),
        finishedAt: new Date(),
        executionTimeMs: masked.executionTimeMs,
      });
      deps.channels.finish(executionId);
      return masked;
    }),
  );
  deps.track(done);
  const answer = Promise.resolve(handle).then(({ early }) =>
    early.then(async (output) => {
      if (!output) return answerFor(spec.workflow.id, executionId, await done);
      const elapsed = Date.now() - startedAt.getTime();
      const body = executeBody(
        spec.workflow.id,
        executionId,
        'success',
        { [output.label]: output.output },
        elapsed,
      );
      return { httpStatus: 200, body: mask(body) };
    }),
  );
  return { executionId, channel, answer, done };
}

function linkAbort(parent: AbortSignal | undefined, child: AbortController): () => void {
  if (!parent) return () => {};
  if (parent.aborted) {
    child.abort(parent.reason);
    return () => {};
  }
  const onAbort = () => child.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return () => parent.removeEventListener('abort', onAbort);
}
