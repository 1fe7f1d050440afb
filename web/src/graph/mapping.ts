/**
 * The workflow document <-> xyflow nodes and edges. Pure. Every member the canvas does not use
 * (extra node or edge fields) travels in `extra` so a save never drops what another client wrote.
 */
import type { Edge, Node } from '@xyflow/react';
import type { DocEdge, DocNode, WorkflowDocument } from '../api/types';

export interface NodeParams {
  label: string;
  [key: string]: unknown;
}

export type FlowNodeData = {
  /** The Skein node type (`textInput`, `condition`...). */
  kind: string;
  params: NodeParams;
  extra: Record<string, unknown>;
};

export type FlowNode = Node<FlowNodeData>;
export type FlowEdge = Edge<{ extra: Record<string, unknown> }>;

export const STICKY = 'sticky';
/** The xyflow renderer of a node: notes get their own. */
export const rendererOf = (kind: string) => (kind === STICKY ? 'sticky' : 'skein');

export function toFlowNode(node: DocNode): FlowNode {
  const { id, type, position, data, ...extra } = node;
  return {
    id,
    type: rendererOf(type),
    position: { x: position?.x ?? 0, y: position?.y ?? 0 },
    data: { kind: type, params: { ...data }, extra },
  };
}

export function toFlowEdge(edge: DocEdge): FlowEdge {
  const { id, source, target, sourceHandle, targetHandle, ...extra } = edge;
  return {
    id,
    source,
    target,
    sourceHandle: sourceHandle || null,
    targetHandle: targetHandle || null,
    data: { extra },
    ...(sourceHandle ? { label: sourceHandle } : {}),
  };
}

export function documentToFlow(doc: WorkflowDocument): { nodes: FlowNode[]; edges: FlowEdge[] } {
  return { nodes: (doc.nodes ?? []).map(toFlowNode), edges: (doc.edges ?? []).map(toFlowEdge) };
}

export function fromFlowNode(node: FlowNode): DocNode {
  return {
    ...node.data.extra,
    id: node.id,
    type: node.data.kind,
    position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
    data: { ...node.data.params },
  };
}

export function fromFlowEdge(edge: FlowEdge): DocEdge {
  return {
    ...(edge.data?.extra ?? {}),
    id: edge.id,
    source: edge.source,
    target: edge.target,
    ...(edge.sourceHandle ? { sourceHandle: edge.sourceHandle } : {}),
    ...(edge.targetHandle ? { targetHandle: edge.targetHandle } : {}),
  };
}

export function flowToDocument(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): WorkflowDocument {
  return { nodes: nodes.map(fromFlowNode), edges: edges.map(fromFlowEdge) };
}

/** A fresh label for a node of `kind`: `kind_N`, the first free N, matching ^[A-Za-z_][A-Za-z0-9_]*$. */
export function uniqueLabel(kind: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = kind.replace(/[^A-Za-z0-9_]/g, '_').replace(/^([^A-Za-z_])/, '_$1') || 'node';
  for (let n = 1; ; n++) {
    const label = `${base}_${n}`;
    if (!used.has(label)) return label;
  }
}

let counter = 0;
/** Ids for new nodes and edges: unique in the document and short. */
export function newId(prefix: string): string {
  counter = (counter + 1) % 1_000_000;
  return `${prefix}_${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
