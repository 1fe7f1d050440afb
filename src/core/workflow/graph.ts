/**
 * Graph helpers over a workflow document. "DAG edges" are all edges between existing nodes except
 * loop-back edges; sticky notes are never part of the graph.
 */
import { handleName, isLoopBackEdge, LOOP_HANDLE } from './handles.js';
import { CoreNodeType, type WorkflowDocument, type WorkflowEdge, type WorkflowNode } from './schema.js';

export interface WorkflowGraph {
  readonly nodes: ReadonlyMap<string, WorkflowNode>;
  /** DAG edges into each node (loop-back edges excluded). */
  readonly incoming: ReadonlyMap<string, readonly WorkflowEdge[]>;
  /** DAG edges out of each node (loop-back edges excluded). */
  readonly outgoing: ReadonlyMap<string, readonly WorkflowEdge[]>;
  /** Loop-back edges, keyed by the loop node they return to. */
  readonly loopBack: ReadonlyMap<string, readonly WorkflowEdge[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Indexes a document; edges whose source or target is missing are ignored. */
export function buildGraph(doc: WorkflowDocument): WorkflowGraph {
  const nodes = new Map<string, WorkflowNode>();
  for (const node of doc.nodes) if (!nodes.has(node.id)) nodes.set(node.id, node);
  const incoming = new Map<string, WorkflowEdge[]>();
  const outgoing = new Map<string, WorkflowEdge[]>();
  const loopBack = new Map<string, WorkflowEdge[]>();
  for (const node of nodes.values()) {
    incoming.set(node.id, []);
    outgoing.set(node.id, []);
  }
  for (const edge of doc.edges) {
    if (!nodes.has(edge.source) || !nodes.has(edge.target)) continue;
    if (isLoopBackEdge(edge, nodes)) {
      push(loopBack, edge.target, edge);
      continue;
    }
    push(outgoing, edge.source, edge);
    push(incoming, edge.target, edge);
  }
  return { nodes, incoming, outgoing, loopBack };
}

/** Nodes with no incoming edge, except sticky notes and error handlers. */
export function startNodes(doc: WorkflowDocument): WorkflowNode[] {
  const targets = new Set(doc.edges.map((edge) => edge.target));
  return doc.nodes.filter(
    (node) =>
      !targets.has(node.id) && node.type !== CoreNodeType.sticky && node.type !== CoreNodeType.errorHandler,
  );
}

/**
 * Nodes with no outgoing edge, except sticky notes. A loop-back edge counts as outgoing; a loop's
 * edges into its own body do not (a loop with nothing on `done` is terminal).
 */
export function terminalNodes(doc: WorkflowDocument): WorkflowNode[] {
  const types = new Map(doc.nodes.map((node) => [node.id, node.type]));
  const intoBody = (edge: WorkflowEdge) =>
    types.get(edge.source) === CoreNodeType.loop && handleName(edge.sourceHandle) === LOOP_HANDLE;
  const sources = new Set(doc.edges.filter((edge) => !intoBody(edge)).map((edge) => edge.source));
  return doc.nodes.filter((node) => !sources.has(node.id) && node.type !== CoreNodeType.sticky);
}

/** Every node reachable upstream of `nodeId` over DAG edges (the node itself excluded). */
export function ancestors(graph: WorkflowGraph, nodeId: string): Set<string> {
  const seen = new Set<string>();
  const stack = [nodeId];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const edge of graph.incoming.get(id) ?? []) {
      if (seen.has(edge.source)) continue;
      seen.add(edge.source);
      stack.push(edge.source);
    }
  }
  seen.delete(nodeId);
  return seen;
}

/** Every node reachable downstream of the given edges' targets over DAG edges (targets included). */
export function reachableFrom(graph: WorkflowGraph, edges: readonly WorkflowEdge[]): Set<string> {
  const seen = new Set<string>();
  const stack = edges.map((edge) => edge.target);
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of graph.outgoing.get(id) ?? []) stack.push(edge.target);
  }
  return seen;
}

/** A loop's body: every node reachable from its `loop` handle, up to the loop-back edge. */
export function loopBody(graph: WorkflowGraph, loopId: string): Set<string> {
  const entries = (graph.outgoing.get(loopId) ?? []).filter(
    (edge) => handleName(edge.sourceHandle) === LOOP_HANDLE,
  );
  return reachableFrom(graph, entries);
}
