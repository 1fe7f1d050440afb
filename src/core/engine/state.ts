/** Mutable state of one run, shared by the scheduler, the node runner and the loop runner. */
import type { ExpressionScope } from '../expressions/index.js';
import { CoreNodeType } from '../workflow/index.js';
import type { RunEventListener } from './events.js';
import type { RunPlan } from './plan.js';
import type { EngineLogger, EnginePorts } from './ports.js';
import type { NodeStatus } from './status.js';
import type { EarlyOutput, NodeResult, RunRequest } from './types.js';

export interface Failure {
  message: string;
  nodeId: string;
  nodeLabel: string;
  httpStatus?: number;
}

/** How a node's turn ended, as seen by the nodes downstream. */
export type Outcome =
  | { kind: 'ran'; output: unknown; branch: string | undefined }
  | { kind: 'skipped' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; failure: Failure };

export interface RunState {
  readonly request: RunRequest;
  readonly plan: RunPlan;
  readonly ports: EnginePorts;
  readonly logger: EngineLogger;
  readonly signal: AbortSignal;
  readonly maxDepth: number;
  readonly emit: RunEventListener;
  now(): Date;
  /** Latest output per node id, for `$<label>` (cleared per loop iteration for body nodes). */
  readonly outputs: Map<string, unknown>;
  /** Nodes whose outcome was `ran` (their output may appear in `outputs`). */
  readonly ran: Set<string>;
  readonly results: Map<string, NodeResult>;
  readonly vars: Record<string, unknown>;
  readonly global: Record<string, unknown>;
  early: EarlyOutput | undefined;
  resolveEarly(early: EarlyOutput): void;
}

/** Records a node that did not run, without hiding an earlier iteration's real result. */
export function recordNotRun(
  run: RunState,
  nodeId: string,
  status: Extract<NodeStatus, 'skipped' | 'cancelled'>,
): void {
  const existing = run.results.get(nodeId);
  if (existing && existing.status !== 'skipped') return;
  const node = run.plan.node(nodeId);
  run.results.set(nodeId, {
    label: node.data.label,
    type: node.type,
    status,
    output: null,
    startedAt: null,
    finishedAt: null,
    executionTimeMs: 0,
    attempts: 0,
  });
}

/**
 * Scope for rendering a node's fields: `$input`, ancestors by label (null when they did not run;
 * other labels are unknown references), trigger, vars, globals.
 */
export function expressionScope(run: RunState, nodeId: string, input: unknown): ExpressionScope {
  const nodes: Record<string, unknown> = {};
  for (const id of run.plan.ancestorsOf(nodeId)) {
    const node = run.plan.node(id);
    if (node.type !== CoreNodeType.sticky) nodes[node.data.label] = run.outputs.get(id) ?? null;
  }
  return {
    input,
    nodes,
    trigger: run.request.trigger,
    vars: { ...run.vars },
    global: { ...run.global },
    credentials: run.request.credentials ?? {},
    now: () => run.now(),
  };
}
