/**
 * What the scheduler needs to know about a validated document, computed once per run: which nodes
 * run in the main pass, which after a failure (error handlers and their downstream), the loop
 * bodies, terminal nodes and each node's ancestors.
 */
import {
  ancestors,
  buildGraph,
  CoreNodeType,
  loopBody,
  reachableFrom,
  terminalNodes,
  type WorkflowDocument,
  type WorkflowGraph,
  type WorkflowNode,
} from '../workflow/index.js';
import type { NodeDefinition, NodeRegistry } from './define-node.js';

export interface LoopPlan {
  readonly body: ReadonlySet<string>;
  /** Body nodes scheduled directly by an iteration (nested loop bodies excluded). */
  readonly direct: readonly string[];
  /** The node feeding the loop-back edge, if any. */
  readonly backSource: string | undefined;
  /** Body nodes without outgoing edges (used when there is no loop-back edge). */
  readonly sinks: readonly string[];
}

export interface RunPlan {
  readonly graph: WorkflowGraph;
  node(id: string): WorkflowNode;
  definition(id: string): NodeDefinition;
  readonly main: readonly string[];
  readonly errorHandlers: readonly string[];
  readonly errorScope: readonly string[];
  readonly loops: ReadonlyMap<string, LoopPlan>;
  readonly inLoopBody: ReadonlySet<string>;
  readonly terminal: ReadonlySet<string>;
  ancestorsOf(id: string): ReadonlySet<string>;
}

export function buildPlan(doc: WorkflowDocument, registry: NodeRegistry): RunPlan {
  const graph = buildGraph(doc);
  const scheduled = doc.nodes.filter((n) => n.type !== CoreNodeType.sticky).map((n) => n.id);

  const bodies = new Map<string, Set<string>>();
  for (const id of scheduled) {
    if (graph.nodes.get(id)?.type === CoreNodeType.loop) bodies.set(id, loopBody(graph, id));
  }
  const inLoopBody = new Set([...bodies.values()].flatMap((body) => [...body]));
  const direct = (ids: Iterable<string>): string[] => {
    const set = new Set(ids);
    const nested = new Set<string>();
    for (const id of set) for (const member of bodies.get(id) ?? []) nested.add(member);
    return [...set].filter((id) => !nested.has(id));
  };

  const loops = new Map<string, LoopPlan>();
  for (const [id, body] of bodies) {
    const directBody = direct(body);
    const sinks = directBody.filter((member) => (graph.outgoing.get(member) ?? []).length === 0);
    loops.set(id, {
      body,
      direct: directBody,
      backSource: graph.loopBack.get(id)?.[0]?.source,
      sinks: sinks.filter((member) => !graph.loopBack.get(id)?.some((edge) => edge.source === member)),
    });
  }

  const errorHandlers = scheduled.filter((id) => graph.nodes.get(id)?.type === CoreNodeType.errorHandler);
  const handlerEdges = errorHandlers.flatMap((id) => graph.outgoing.get(id) ?? []);
  const errorClosure = new Set([...errorHandlers, ...reachableFrom(graph, handlerEdges)]);

  const ancestorCache = new Map<string, ReadonlySet<string>>();
  const definitions = new Map<string, NodeDefinition>();
  for (const node of doc.nodes) {
    const definition = registry.get(node.type);
    if (definition) definitions.set(node.id, definition);
  }

  return {
    graph,
    node(id) {
      const node = graph.nodes.get(id);
      if (!node) throw new Error(`engine: no node "${id}"`);
      return node;
    },
    definition(id) {
      const definition = definitions.get(id);
      if (!definition) throw new Error(`engine: no definition for node "${id}"`);
      return definition;
    },
    main: direct(scheduled.filter((id) => !errorClosure.has(id))),
    errorHandlers,
    errorScope: direct(errorClosure),
    loops,
    inLoopBody,
    terminal: new Set(terminalNodes(doc).map((n) => n.id)),
    ancestorsOf(id) {
      let found = ancestorCache.get(id);
      if (!found) {
        found = ancestors(graph, id);
        ancestorCache.set(id, found);
      }
      return found;
    },
  };
}
