/**
 * Runs workflows for the execute endpoints and sub-workflow calls: admission (test-run rights, rate
 * limit, cache), then run-starter.ts starts the run with its resources; cancellation and draining.
 */
import type { EnginePorts, NodeRegistry } from '../../core/engine/index.js';
import { AppError } from '../../core/errors.js';
import type { WorkflowDocument } from '../../core/workflow/index.js';
import type { workflows } from '../../store/schema.js';
import type { ResponseCache } from '../limits/response-cache.js';
import { cacheKey } from '../limits/response-cache.js';
import { workflowRateLimitOf, type WorkflowRateLimiter } from '../limits/workflow-rate-limiter.js';
import type { CancelSignals } from './cancel-signals.js';
import { mayTestRun, runUserOf, type ExecuteCaller } from './execute-auth.js';
import { newExecutionId } from './execution-id.js';
import type { HistoryWriter } from './history-writer.js';
import { readRunInput, type ExecuteRequestParts, type RunInput } from './request-input.js';
import { executeBody, type ExecuteAnswer } from './responses.js';
import { resourcesFor, type RunResourceSources } from './run-resources.js';
import type { RunChannels } from './run-channel.js';
import { startLiveRun, type LaunchSpec, type LiveRun, type RunStarterDeps } from './run-starter.js';

export type { LiveRun } from './run-starter.js';

export type WorkflowRow = typeof workflows.$inferSelect;

export interface ExecuteCall {
  workflow: WorkflowRow;
  parts: ExecuteRequestParts;
  clientIp: string;
  /** Who called, as the execute authentication established it (execute-auth.ts). */
  caller: ExecuteCaller;
}

export type Admission =
  | { kind: 'answered'; executionId: string; answer: ExecuteAnswer; headers: Record<string, string> }
  | { kind: 'admitted'; input: RunInput; headers: Record<string, string>; cacheKey: string | null };

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
  /** Credentials, global variables and masking for runs that use them. */
  resources?: RunResourceSources;
  maxDepth?: number;
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
  /**
   * Runs in flight, counted rather than kept in a set: each entry added to and removed from a
   * long-lived set costs it a share of a new table in the old generation.
   */
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly deps: ExecutionServiceDeps) {}

  private readonly ended = (): void => {
    if (--this.running > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  };

  /**
   * Waits until no run is going (e.g. after an early answer, or sub-workflows the runs start) so
   * their history is not lost, or `timeoutMs` has passed.
   */
  async drain(timeoutMs: number): Promise<void> {
    if (this.running === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([new Promise<void>((resolve) => this.idleWaiters.push(resolve)), timeout]);
    clearTimeout(timer);
  }

  /**
   * Decides whether a call runs, or is answered at once (rate limited, cached). Throws at once when
   * the call may not run at all. A workflow with neither a rate limit nor a cache is decided without
   * a promise (most calls); the others ask the shared store.
   */
  admit(call: ExecuteCall): Admission | Promise<Admission> {
    const { workflow } = call;
    const input = readRunInput(call.parts, workflow.authHeaderKey);
    // Only a signed-in user with access: never anonymous, header or execution-token callers.
    if (input.testRun && !mayTestRun(call.caller)) throw new AppError('test_run_forbidden');
    const limit = workflowRateLimitOf({
      rate_limit_requests: workflow.rateLimitRequests,
      rate_limit_window_seconds: workflow.rateLimitWindowSeconds,
    });
    // Test runs bypass the rate limit and the cache (spec 4.1).
    if (input.testRun || (!limit && (workflow.cacheTtlSeconds ?? 0) <= 0))
      return { kind: 'admitted', input, headers: {}, cacheKey: null };
    return this.admitLimited(call, input, limit);
  }

  private async admitLimited(
    call: ExecuteCall,
    input: RunInput,
    limit: ReturnType<typeof workflowRateLimitOf>,
  ): Promise<Admission> {
    const { workflow } = call;
    const base = {
      workflowId: workflow.id,
      triggerSource: input.triggerSource,
      userId: this.runUserId(call),
      inputs: input,
    };
    let headers: Record<string, string> = {};
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

  /**
   * A token run is its creator's, a session run the session user's; anonymous and header-only calls
   * run as the workflow owner (spec 5.2 rule 6).
   */
  private runUserId(call: ExecuteCall): string {
    return runUserOf(call.caller, call.workflow.ownerId);
  }

  private recordInstant(
    base: { workflowId: string; triggerSource: string; userId: string; inputs: RunInput },
    status: 'cached' | 'rate_limited',
  ): string {
    const id = newExecutionId();
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
    const document = documentOf(spec.workflow);
    const resources = resourcesFor(document, spec.userId, this.deps.resources);
    // Not `{ ...spec, document }`: a spread followed by a property costs V8 a new map per object.
    return startLiveRun(spec, document, this.starterDepsFor(spec.workflow), resources);
  }

  /** What runs of one workflow start with; kept per cached row, as sub-workflows answer to its owner. */
  private readonly starterDeps = new WeakMap<WorkflowRow, RunStarterDeps>();
  private starterDepsFor(workflow: WorkflowRow): RunStarterDeps {
    let deps = this.starterDeps.get(workflow);
    if (!deps) {
      const ownerId = workflow.ownerId;
      deps = {
        registry: this.deps.registry,
        history: this.deps.history,
        channels: this.deps.channels,
        maxDepth: this.deps.maxDepth,
        ports: { ...this.deps.ports, subWorkflow: (request) => this.runChild(request, ownerId) },
        track: (done) => {
          this.running++;
          // then, not finally: finally costs a run two more promises and a turn of the queue.
          void done.then(this.ended, this.ended);
        },
      };
      this.starterDeps.set(workflow, deps);
    }
    return deps;
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
