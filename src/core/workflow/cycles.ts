/**
 * Strongly connected components (Tarjan, iterative) of the DAG-edge graph. Every component with
 * more than one node, or a node with an edge to itself, is a cycle.
 */
import type { WorkflowGraph } from './graph.js';

export interface Cycle {
  nodeIds: string[];
  edgeIds: string[];
}

export function findCycles(graph: WorkflowGraph): Cycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const root of graph.nodes.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ id: string; next: number }> = [{ id: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.outgoing.get(frame.id) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!.target;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ id: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.id, Math.min(low.get(frame.id)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
        components.push(component);
      }
    }
  }

  const cycles: Cycle[] = [];
  for (const component of components) {
    component.reverse();
    const members = new Set(component);
    const edgeIds = component.flatMap((id) =>
      (graph.outgoing.get(id) ?? []).filter((edge) => members.has(edge.target)).map((edge) => edge.id),
    );
    if (component.length > 1 || edgeIds.length > 0) cycles.push({ nodeIds: component, edgeIds });
  }
  return cycles;
}
