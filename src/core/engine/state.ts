/** Mutable state of one run, shared by the scheduler, the node runner and the loop runner. */
import type { ExpressionScope } from '../expressions/index.js';
import { CoreNodeType } from '../workflow/index.js';
import type { RunCancel } from './abort.js';
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
  readonly cancel: RunCancel;
  readonly maxDepth: number;
  readonly emit: RunEventListener;
  now(): Date;
  /** The same clock in epoch milliseconds: node and run timings read it without making a Date. */
  nowMs(): number;
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

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** A copy, so a node setting a variable does not change what it was rendered with. */
const snapshot = (values: Record<string, unknown>) => {
  for (const _ in values) return { ...values };
  return EMPTY as Record<string, unknown>;
};

/**
 * Scope for rendering a node's fields: `$input`, ancestors by label (null when they did not run;
 * other labels are unknown references), trigger, vars, globals. The ancestor map is built on first
 * use: most fields never name a node, and ancestors' outputs are settled before the node starts.
 */
class NodeScope implements ExpressionScope {
  readonly trigger: unknown;
  readonly vars: Record<string, unknown>;
  readonly global: Record<string, unknown>;
  readonly credentials: Record<string, unknown>;
  private ancestorOutputs: Record<string, unknown> | undefined;

  constructor(
    private readonly run: RunState,
    private readonly nodeId: string,
    readonly input: unknown,
  ) {
    this.trigger = run.request.trigger;
    this.vars = snapshot(run.vars);
    this.global = snapshot(run.global);
    this.credentials = run.request.credentials ?? (EMPTY as Record<string, unknown>);
  }

  get nodes(): Record<string, unknown> {
    if (!this.ancestorOutputs) {
      const nodes: Record<string, unknown> = {};
      for (const id of this.run.plan.ancestorsOf(this.nodeId)) {
        const node = this.run.plan.node(id);
        if (node.type !== CoreNodeType.sticky) nodes[node.data.label] = this.run.outputs.get(id) ?? null;
      }
      this.ancestorOutputs = nodes;
    }
    return this.ancestorOutputs;
  }

  now(): Date {
    return this.run.now();
  }
}

export function expressionScope(run: RunState, nodeId: string, input: unknown): ExpressionScope {
  return new NodeScope(run, nodeId, input);
}
