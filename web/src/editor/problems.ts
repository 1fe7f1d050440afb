/** Maps a 422 invalid_workflow problem onto the nodes it names. Pure. */
import type { Problem } from '../api/client';
import type { WorkflowDocument } from '../api/types';

export function problemsByNode(problem: Problem, doc: WorkflowDocument): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (id: string, message: string) => {
    const list = (out[id] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const edgeById = new Map(doc.edges.map((e) => [e.id, e]));
  for (const error of problem.errors ?? []) {
    const node = /^\/?(?:body\/)?nodes[[/](\d+)/.exec(error.path);
    if (node) {
      const id = doc.nodes[Number(node[1])]?.id;
      if (id) add(id, error.message);
      continue;
    }
    const edge = /^\/?(?:body\/)?edges[[/](\d+)/.exec(error.path);
    const edgeDoc = edge ? doc.edges[Number(edge[1])] : undefined;
    if (edgeDoc) {
      add(edgeDoc.source, error.message);
      continue;
    }
  }
  for (const id of problem.node_ids ?? []) if (!out[id]) add(id, problem.detail ?? 'Invalid node');
  for (const id of problem.edge_ids ?? []) {
    const edge = edgeById.get(id);
    if (edge && !out[edge.source]) add(edge.source, problem.detail ?? 'Invalid connection');
  }
  return out;
}
