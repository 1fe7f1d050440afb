/**
 * Runs workflows for the execute endpoints and sub-workflow calls: admission (test-run rights, rate
 * limit, cache), the engine run with its ports, live frames, cancellation and history.
 */
import { randomUUID } from 'node:crypto';
import { startRun, type EnginePorts, type NodeRegistry, type RunResult } from '../../core/engine/index.js';
import { AppError } from '../../core/errors.js';
import type { WorkflowDocument } from '../../core/workflow/index.js';
import type { workflows } from '../../store/schema.js';
import type { ResponseCache } from '../limits/response-cache.js';
import { cacheKey } from '../limits/response-cache.js';
import { workflowRateLimitOf, type WorkflowRateLimiter } from '../limits/workflow-rate-limiter.js';
import type { CancelSignals } from './cancel-signals.js';
import type { HistoryWriter } from './history-writer.js';
import { readRunInput, type ExecuteRequestParts, type RunInput } from './request-input.js';
import { answerFor, executeBody, type ExecuteAnswer } from './responses.js';
import { frameForEvent } from './frames.js';
import type { RunChannel, RunChannels } from './run-channel.js';

export type WorkflowRow = typeof workflows.$inferSelect;

export interface ExecuteCall {
  workflow: WorkflowRow;
  parts: ExecuteRequestParts;
  clientIp: string;
  /** The signed-in caller, if any; null for anonymous calls. */
  callerUserId: string | null;
  /** Whether the caller is a signed-in user with access to the workflow (test runs need it). */
  callerHasAccess: boolean;
}

export type Admission =
  | { kind: 'answered'; executionId: string; answer: ExecuteAnswer; headers: Record<string, string> }
  | { kind: 'admitted'; input: RunInput; headers: Record<string, string>; cacheKey: string | null };

export interface LiveRun {
  executionId: string;
  channel: RunChannel;
  /** What the caller is answered: the early Output, or the final result. */
  answer: Promise<ExecuteAnswer>;
  done: Promise<RunResult>;
}

export interface CachedAnswer {
  version: string;
  answer: ExecuteAnswer;
}

export interface ExecutionServiceDeps {
  registry: NodeRegistry;
  history: HistoryWriter;
  channels: RunChannels;
  cache: ResponseCache<CachedAnswer>;
  rateLimiter: WorkflowRateLimiter;
  cancels: CancelSignals;
  findWorkflow(id: string): Promise<WorkflowRow | undefined>;
  ports?: Pick<EnginePorts, 'http' | 'logger'>;
  maxDepth?: number;
}

interface LaunchSpec {
  workflow: WorkflowRow;
  trigger: unknown;
  inputs: unknown;
  triggerSource: string;
  testRun: boolean;
  userId: string;
  depth: number;
  parentSignal?: AbortSignal;
}

/** One document object per row, so the engine's per-document plan cache applies to cached rows. */
const documents = new WeakMap<WorkflowRow, WorkflowDocument>();
function documentOf(workflow: WorkflowRow): WorkflowDocument {
  let document = documents.get(workflow);
  if (!document) {
    document = {
      nodes: workflow.nodes as WorkflowDocument['nodes'],
      edges: workflow.edges as WorkflowDocument['edges'],
    };
    documents.set(workflow, document);
  }
  return document;
}

export class ExecutionService {
  private readonly active = new Set<Promise<RunResult>>();

  constructor(private readonly deps: ExecutionServiceDeps) {}

  /** Waits for runs still going (e.g. after an early answer) so their history is not lost. */
  async drain(timeoutMs: number): Promise<void> {
    if (this.active.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled([...this.active]), timeout]);
    clearTimeout(timer);
  }

  /** Decides whether a call runs, or is answered at once (rate limited, cached). */
  async admit(call: ExecuteCall): Promise<Admission> {
    const { workflow } = call;
    const input = readRunInput(call.parts, workflow.authHeaderKey);
    if (input.testRun && !call.callerHasAccess) throw new AppError('test_run_forbidden');
    const base = {
      workflowId: workflow.id,
      triggerSource: input.triggerSource,
      userId: this.runUserId(call),
      inputs: input,
    };
    if (input.testRun) return { kind: 'admitted', input, headers: {}, cacheKey: null };

    let headers: Record<string, string> = {};
    const limit = workflowRateLimitOf({
      rate_limit_requests: workflow.rateLimitRequests,
      rate_limit_window_seconds: workflow.rateLimitWindowSeconds,
    });
    if (limit) {
      const decision = await this.deps.rateLimiter.hit(workflow.id, call.clientIp, limit);
      headers = decision.headers;
      if (!decision.allowed) {
        const executionId = this.recordInstant(base, 'rate_limited');
        const body = executeBody(workflow.id, executionId, 'rate_limited', {}, 0);
        return { kind: 'answered', executionId, answer: { httpStatus: 429, body }, headers };
      }
    }

    const ttl = workflow.cacheTtlSeconds ?? 0;
    if (ttl <= 0) return { kind: 'admitted', input, headers, cacheKey: null };
    const key = cacheKey(workflow.id, input.body, input.query);
    const cached = await this.deps.cache.get(workflow.id, key);
    if (cached && cached.version === versionOf(workflow)) {
      const executionId = this.recordInstant(base, 'cached');
      return {
        kind: 'answered',
        executionId,
        answer: asCachedAnswer(cached.answer, executionId),
        headers: { ...headers, 'X-Cache': 'HIT' },
      };
    }
    return { kind: 'admitted', input, headers, cacheKey: key };
  }

  /** Starts an admitted call's run. */
  launch(call: ExecuteCall, admission: Extract<Admission, { kind: 'admitted' }>): LiveRun {
    const { input } = admission;
    const live = this.start({
      workflow: call.workflow,
      trigger: { body: input.body, headers: input.headers, query: input.query },
      inputs: { body: input.body, headers: input.headers, query: input.query },
      triggerSource: input.triggerSource,
      testRun: input.testRun,
      userId: this.runUserId(call),
      depth: 0,
    });
    const ttl = call.workflow.cacheTtlSeconds ?? 0;
    if (admission.cacheKey && ttl > 0) {
      const key = admission.cacheKey;
      void Promise.all([live.answer, live.done]).then(async ([answer, result]) => {
        if (result.status !== 'success') return;
        await this.deps.cache
          .put(call.workflow.id, key, { version: versionOf(call.workflow), answer }, ttl)
          .catch((error: unknown) =>
            this.deps.ports?.logger?.warn('cache write failed', { error: String(error) }),
          );
      });
    }
    return live;
  }

  async cancel(executionId: string): Promise<void> {
    await this.deps.cancels.cancel(executionId);
  }

  /** Anonymous calls run as the workflow owner; signed-in callers as themselves (spec 5.2). */
  private runUserId(call: ExecuteCall): string {
    return call.callerUserId ?? call.workflow.ownerId;
  }

  private recordInstant(
    base: { workflowId: string; triggerSource: string; userId: string; inputs: RunInput },
    status: 'cached' | 'rate_limited',
  ): string {
    const id = randomUUID();
    const now = new Date();
    this.deps.history.record({
      id,
      workflowId: base.workflowId,
      status,
      triggerSource: base.triggerSource,
      testRun: false,
      userId: base.userId,
      inputs: { body: base.inputs.body, headers: base.inputs.headers, query: base.inputs.query },
      outputs: {},
      startedAt: now,
      finishedAt: now,
      executionTimeMs: 0,
    });
    return id;
  }

  private start(spec: LaunchSpec): LiveRun {
    const executionId = randomUUID();
    const startedAt = new Date();
    const controller = this.deps.cancels.register(executionId);
    const unlink = linkAbort(spec.parentSignal, controller);
    const channel = this.deps.channels.open(executionId);
    channel.push({
      type: 'execution_started',
      execution_id: executionId,
      server_now_ms: startedAt.getTime(),
    });
    const row = {
      id: executionId,
      workflowId: spec.workflow.id,
      triggerSource: spec.triggerSource,
      testRun: spec.testRun,
      userId: spec.userId,
      inputs: spec.inputs,
      startedAt,
    };
    this.deps.history.record({ ...row, status: 'running' });

    const sseConfig = (spec.workflow.sseNodeConfig ?? {}) as Record<
      string,
      { send_start?: boolean; start_message?: string | null }
    >;
    let handle: ReturnType<typeof startRun>;
    try {
      handle = startRun(
        {
          runId: executionId,
          workflow: documentOf(spec.workflow),
          trigger: spec.trigger,
          triggerSource: spec.triggerSource,
          testRun: spec.testRun,
          userId: spec.userId,
          depth: spec.depth,
          signal: controller.signal,
        },
        {
          registry: this.deps.registry,
          maxDepth: this.deps.maxDepth,
          ports: {
            ...this.deps.ports,
            subWorkflow: (request) => this.runChild(request, spec.workflow.ownerId),
          },
          onEvent: (event) => channel.push(frameForEvent(event, sseConfig)),
        },
      );
    } catch (error) {
      this.deps.cancels.release(executionId);
      unlink();
      this.deps.channels.finish(executionId);
      this.deps.history.record({
        ...row,
        status: 'error',
        outputs: { error: { message: String((error as Error).message), node_label: null } },
        finishedAt: new Date(),
      });
      throw error;
    }

    const done = handle.done.then((result) => {
      this.deps.cancels.release(executionId);
      unlink();
      this.deps.history.record({
        ...row,
        status: result.status,
        outputs: result.outputs,
        nodeResults: result.nodeResults,
        events: channel.frames.map((frame) => frame.data),
        finishedAt: new Date(),
        executionTimeMs: result.executionTimeMs,
      });
      this.deps.channels.finish(executionId);
      return result;
    });
    this.active.add(done);
    void done.finally(() => this.active.delete(done));
    const answer = handle.early.then(async (early) => {
      if (!early) return answerFor(spec.workflow.id, executionId, await done);
      const elapsed = Date.now() - startedAt.getTime();
      return {
        httpStatus: 200,
        body: executeBody(spec.workflow.id, executionId, 'success', { [early.label]: early.output }, elapsed),
      };
    });
    return { executionId, channel, answer, done };
  }

  private async runChild(
    request: Parameters<NonNullable<EnginePorts['subWorkflow']>>[0],
    parentOwnerId: string,
  ) {
    const child = await this.deps.findWorkflow(request.workflowId).catch(() => undefined);
    const userId = request.userId ?? parentOwnerId;
    // The workflow's author chose the child; the run's user may also own it.
    if (!child || (child.ownerId !== userId && child.ownerId !== parentOwnerId)) {
      throw new AppError('not_found', {
        detail: `Sub-workflow ${request.workflowId} does not exist or is not accessible`,
      });
    }
    const live = this.start({
      workflow: child,
      trigger: { body: request.inputs, headers: {}, query: {} },
      inputs: { body: request.inputs },
      triggerSource: 'SUB_WORKFLOW',
      testRun: request.testRun,
      userId,
      depth: request.depth,
      parentSignal: request.signal,
    });
    if (request.doNotWait) return { status: 'pending', outputs: {}, execution_id: live.executionId };
    const result = await live.done;
    return { status: result.status, outputs: result.outputs, execution_id: live.executionId };
  }
}

/** A cached answer carries the new execution id and the `cached` status (spec 4.1). */
function asCachedAnswer(answer: ExecuteAnswer, executionId: string): ExecuteAnswer {
  const body = answer.body as Record<string, unknown> | null;
  if (body && typeof body === 'object' && 'execution_id' in body && 'workflow_id' in body) {
    return {
      httpStatus: answer.httpStatus,
      body: { ...body, execution_id: executionId, status: 'cached', execution_time_ms: 0 },
    };
  }
  return answer;
}

/** Cache entries belong to one saved version of the workflow; a changed graph never hits them. */
const versionOf = (workflow: WorkflowRow) => `${workflow.id}@${workflow.updatedAt.getTime()}`;

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
