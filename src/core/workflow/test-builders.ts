/** Small builders for documents in tests. */
import type { WorkflowDocument, WorkflowEdge, WorkflowNode } from './schema.js';

export function node(id: string, type: string, data: Record<string, unknown> = {}): WorkflowNode {
  return { id, type, position: { x: 0, y: 0 }, data: { label: id, ...data } };
}

export function edge(
  source: string,
  target: string,
  sourceHandle?: string,
  targetHandle?: string,
): WorkflowEdge {
  const id = `${source}-${sourceHandle ?? 'out'}-${target}${targetHandle ? `-${targetHandle}` : ''}`;
  return {
    id,
    source,
    target,
    ...(sourceHandle !== undefined ? { sourceHandle } : {}),
    ...(targetHandle !== undefined ? { targetHandle } : {}),
  };
}

export function doc(nodes: WorkflowNode[], edges: WorkflowEdge[] = []): WorkflowDocument {
  return { nodes, edges };
}
