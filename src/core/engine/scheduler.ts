/**
 * The DAG scheduler. A node becomes ready once every source inside the scope has an outcome; then
 * it runs, is skipped or is cancelled. A node that answers synchronously lets its dependents go on
 * in the same turn; one that waits (a request, a timer) leaves the other ready nodes running, so
 * independent branches run concurrently and a node starts as soon as all of its inputs are in.
 */
import { handleName, type WorkflowEdge } from '../workflow/index.js';
import type { NodeInput } from './node-runner.js';
import { recordNotRun, type Failure, type Outcome, type RunState } from './state.js';

export interface ScopeSpec {
  /** Nodes this scope runs (each at most once). */
  nodeIds: readonly string[];
  /** Outcomes already known for nodes outside the scope that feed into it. */
  preset?: ReadonlyMap<string, Outcome>;
  /** `$input` of a node without incoming edges. */
  startInput(nodeId: string): unknown;
  /** Whether a node without incoming edges fires. */
  startAllowed(nodeId: string): boolean;
  /** True once an enclosing scope has stopped. */
  parentHalted?: () => boolean;
}

export interface ScopeResult {
  outcomes: ReadonlyMap<string, Outcome>;
  /** The first uncaught node failure; the scope starts no node after it. */
  failure: Failure | undefined;
  cancelled: boolean;
}

export type NodeStep = (
  nodeId: string,
  given: NodeInput,
  halted: () => boolean,
) => Outcome | Promise<Outcome>;

const SKIPPED: Outcome = { kind: 'skipped' };
const CANCELLED: Outcome = { kind: 'cancelled' };
const NO_EDGES: readonly WorkflowEdge[] = [];

export function isLive(edge: WorkflowEdge, source: Outcome | undefined): boolean {
  return source?.kind === 'ran' && handleName(edge.sourceHandle) === source.branch;
}

/** `$input`: the single live source's output, or an object keyed by source label. */
export function gatherInput(
  run: RunState,
  live: ReadonlyArray<{ edge: WorkflowEdge; output: unknown }>,
): NodeInput {
  const inputs: Record<string, unknown> = {};
  const only = live[0];
  // One live edge, the usual case, needs no set of the sources seen.
  if (live.length === 1 && only) {
    inputs[run.plan.node(only.edge.source).data.label] = only.output;
    return { input: only.output, inputs };
  }
  const sources = new Set<string>();
  for (const { edge, output } of live) {
    if (sources.has(edge.source)) continue;
    sources.add(edge.source);
    inputs[run.plan.node(edge.source).data.label] = output;
  }
  return { input: sources.size === 1 && only ? only.output : inputs, inputs };
}

/** Which members of a scope feed which: a pure function of the plan's (cached) node id list. */
interface ScopeShape {
  /** Per member: how many of its incoming edges come from other members. */
  readonly waitsFor: ReadonlyMap<string, number>;
  /** Per member: the members it feeds, once per edge. */
  readonly feeds: ReadonlyMap<string, readonly string[]>;
}

const shapes = new WeakMap<readonly string[], ScopeShape>();

function shapeOf(run: RunState, nodeIds: readonly string[]): ScopeShape {
  let shape = shapes.get(nodeIds);
  if (!shape) {
    const members = new Set(nodeIds);
    const waitsFor = new Map<string, number>();
    const feeds = new Map<string, string[]>();
    for (const id of nodeIds) {
      let count = 0;
      for (const edge of run.plan.graph.incoming.get(id) ?? []) {
        if (!members.has(edge.source)) continue;
        count++;
        const targets = feeds.get(edge.source);
        if (targets) targets.push(id);
        else feeds.set(edge.source, [id]);
      }
      waitsFor.set(id, count);
    }
    shape = { waitsFor, feeds };
    shapes.set(nodeIds, shape);
  }
  return shape;
}

export function runScope(run: RunState, spec: ScopeSpec, step: NodeStep): Promise<ScopeResult> {
  const shape = shapeOf(run, spec.nodeIds);
  const outcomes = new Map<string, Outcome>();
  const remaining = new Map(shape.waitsFor);
  const ready: string[] = [];
  let failure: Failure | undefined;
  let cancelled = false;
  let waiting = 0;
  const halted = () => failure !== undefined || (spec.parentHalted?.() ?? false);

  const sourceOutcome = (id: string): Outcome => spec.preset?.get(id) ?? outcomes.get(id) ?? SKIPPED;
  const notRun = (id: string, status: 'skipped' | 'cancelled'): Outcome => {
    recordNotRun(run, id, status);
    return status === 'skipped' ? SKIPPED : CANCELLED;
  };

  const decide = (id: string): Outcome | Promise<Outcome> => {
    const preset = spec.preset?.get(id);
    if (preset) return preset;
    const edges = run.plan.graph.incoming.get(id) ?? NO_EDGES;
    let live: { edge: WorkflowEdge; output: unknown }[] | undefined;
    for (const edge of edges) {
      const source = sourceOutcome(edge.source);
      if (source.kind === 'cancelled') return notRun(id, 'cancelled');
      if (source.kind === 'ran' && isLive(edge, source)) (live ??= []).push({ edge, output: source.output });
    }
    if (run.cancel.aborted) return notRun(id, 'cancelled');
    if (halted()) return notRun(id, 'skipped');
    let given: NodeInput;
    if (edges.length === 0) {
      if (!spec.startAllowed(id)) return notRun(id, 'skipped');
      given = { input: spec.startInput(id), inputs: {} };
    } else {
      if (!live) return notRun(id, 'skipped');
      given = gatherInput(run, live);
    }
    if (run.plan.node(id).data.active === false) return notRun(id, 'skipped');
    return step(id, given, halted);
  };

  return new Promise((resolve, reject) => {
    const settled = (id: string, outcome: Outcome) => {
      outcomes.set(id, outcome);
      if (outcome.kind === 'failed') failure ??= outcome.failure;
      if (outcome.kind === 'cancelled') cancelled = true;
      for (const target of shape.feeds.get(id) ?? []) {
        const left = remaining.get(target)! - 1;
        remaining.set(target, left);
        if (left === 0) ready.push(target);
      }
    };
    /** Nodes that became ready together all start before any of their outcomes counts. */
    const drain = () => {
      try {
        while (ready.length > 0) {
          const wave = ready.splice(0);
          const decided = wave.map(decide);
          for (let i = 0; i < wave.length; i++) {
            const id = wave[i]!;
            const outcome = decided[i]!;
            if (outcome instanceof Promise) {
              waiting++;
              outcome.then((value) => {
                waiting--;
                settled(id, value);
                drain();
              }, reject);
            } else {
              settled(id, outcome);
            }
          }
        }
      } catch (error) {
        reject(error);
        return;
      }
      if (waiting === 0 && outcomes.size === spec.nodeIds.length) {
        const ordered = new Map<string, Outcome>();
        for (const id of spec.nodeIds) ordered.set(id, outcomes.get(id)!);
        resolve({ outcomes: ordered, failure, cancelled });
      }
    };
    for (const id of spec.nodeIds) if (remaining.get(id) === 0) ready.push(id);
    drain();
  });
}
