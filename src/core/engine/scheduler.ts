/**
 * The DAG scheduler. Every node of a scope gets one promise that waits for its sources' outcomes,
 * then runs the node, skips it or cancels it. Independent branches therefore run concurrently and
 * a node starts as soon as all of its inputs have resolved.
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

export type NodeStep = (nodeId: string, given: NodeInput, halted: () => boolean) => Promise<Outcome>;

const SKIPPED: Outcome = { kind: 'skipped' };
const CANCELLED: Outcome = { kind: 'cancelled' };

export function isLive(edge: WorkflowEdge, source: Outcome | undefined): boolean {
  return source?.kind === 'ran' && handleName(edge.sourceHandle) === source.branch;
}

/** `$input`: the single live source's output, or an object keyed by source label. */
export function gatherInput(
  run: RunState,
  live: ReadonlyArray<{ edge: WorkflowEdge; output: unknown }>,
): NodeInput {
  const inputs: Record<string, unknown> = {};
  const sources = new Set<string>();
  for (const { edge, output } of live) {
    if (sources.has(edge.source)) continue;
    sources.add(edge.source);
    inputs[run.plan.node(edge.source).data.label] = output;
  }
  const only = live[0];
  return { input: sources.size === 1 && only ? only.output : inputs, inputs };
}

export async function runScope(run: RunState, spec: ScopeSpec, step: NodeStep): Promise<ScopeResult> {
  const members = new Set(spec.nodeIds);
  const promises = new Map<string, Promise<Outcome>>();
  let failure: Failure | undefined;
  let cancelled = false;
  const halted = () => failure !== undefined || (spec.parentHalted?.() ?? false);

  const outcomeOf = (id: string): Promise<Outcome> => {
    const preset = spec.preset?.get(id);
    if (preset) return Promise.resolve(preset);
    if (!members.has(id)) return Promise.resolve(SKIPPED);
    let promise = promises.get(id);
    if (!promise) {
      promise = settle(id);
      promises.set(id, promise);
    }
    return promise;
  };

  const decide = async (id: string, edges: readonly WorkflowEdge[], sources: Outcome[]): Promise<Outcome> => {
    if (run.signal.aborted || sources.some((source) => source.kind === 'cancelled')) {
      recordNotRun(run, id, 'cancelled');
      return CANCELLED;
    }
    const skip = (): Outcome => {
      recordNotRun(run, id, 'skipped');
      return SKIPPED;
    };
    if (halted()) return skip();
    let given: NodeInput;
    if (edges.length === 0) {
      if (!spec.startAllowed(id)) return skip();
      given = { input: spec.startInput(id), inputs: {} };
    } else {
      const live = edges.flatMap((edge, i) => {
        const source = sources[i];
        return source?.kind === 'ran' && isLive(edge, source) ? [{ edge, output: source.output }] : [];
      });
      if (live.length === 0) return skip();
      given = gatherInput(run, live);
    }
    if (run.plan.node(id).data.active === false) return skip();
    return step(id, given, halted);
  };

  const settle = async (id: string): Promise<Outcome> => {
    const edges = run.plan.graph.incoming.get(id) ?? [];
    const sources = await Promise.all(edges.map((edge) => outcomeOf(edge.source)));
    const outcome = await decide(id, edges, sources);
    if (outcome.kind === 'failed') failure ??= outcome.failure;
    if (outcome.kind === 'cancelled') cancelled = true;
    return outcome;
  };

  const settled = await Promise.all(spec.nodeIds.map(async (id) => [id, await outcomeOf(id)] as const));
  return { outcomes: new Map(settled), failure, cancelled };
}
