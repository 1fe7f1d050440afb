/**
 * Loop iterations: the body (everything reachable from the loop's `loop` handle) runs once per
 * item, sequentially, with `$input` = `{item, index, total}`. Each iteration's result is the
 * output of the node feeding the loop-back edge.
 */
import { LOOP_HANDLE } from '../workflow/index.js';
import type { LoopOutcome } from './node-runner.js';
import type { LoopPlan } from './plan.js';
import { isLive, type ScopeResult, type ScopeSpec } from './scheduler.js';
import type { Outcome, RunState } from './state.js';

export const MAX_LOOP_ITEMS = 100_000;

export type ScopeRunner = (spec: ScopeSpec) => Promise<ScopeResult>;

export async function runLoop(
  run: RunState,
  loopId: string,
  items: readonly unknown[],
  parentHalted: () => boolean,
  runScope: ScopeRunner,
): Promise<LoopOutcome> {
  const loop = run.plan.node(loopId);
  if (items.length > MAX_LOOP_ITEMS) {
    return {
      kind: 'failed',
      failure: {
        message: `Loop over ${items.length} items exceeds the limit of ${MAX_LOOP_ITEMS} iterations`,
        nodeId: loopId,
        nodeLabel: loop.data.label,
      },
    };
  }
  const plan = run.plan.loops.get(loopId);
  const results: unknown[] = [];
  for (const [index, item] of items.entries()) {
    if (run.cancel.aborted || parentHalted()) return { kind: 'cancelled' };
    if (!plan) {
      results.push(item);
      continue;
    }
    for (const id of plan.body) run.outputs.delete(id);
    const current = { item, index, total: items.length };
    run.outputs.set(loopId, current);
    const entry: Outcome = { kind: 'ran', output: current, branch: LOOP_HANDLE };
    const scope = await runScope({
      nodeIds: plan.direct,
      preset: new Map([[loopId, entry]]),
      startInput: () => current,
      startAllowed: () => true,
      parentHalted,
    });
    if (scope.failure) return { kind: 'failed', failure: scope.failure };
    if (scope.cancelled) return { kind: 'cancelled' };
    results.push(iterationResult(run, loopId, plan, scope.outcomes, item));
  }
  return { kind: 'done', results };
}

function iterationResult(
  run: RunState,
  loopId: string,
  plan: LoopPlan,
  outcomes: ReadonlyMap<string, Outcome>,
  item: unknown,
): unknown {
  const outputOf = (id: string) => {
    const outcome = outcomes.get(id);
    return outcome?.kind === 'ran' ? outcome.output : null;
  };
  const backEdge = run.plan.graph.loopBack.get(loopId)?.[0];
  if (backEdge) return isLive(backEdge, outcomes.get(backEdge.source)) ? outputOf(backEdge.source) : null;
  const [first, ...rest] = plan.sinks;
  if (first === undefined) return item;
  if (rest.length === 0) return outputOf(first);
  return Object.fromEntries(plan.sinks.map((id) => [run.plan.node(id).data.label, outputOf(id)]));
}
