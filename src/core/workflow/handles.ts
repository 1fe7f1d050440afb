/**
 * Source handles of the node types the graph layer knows. A node type without a handle list has
 * one unnamed handle; edges from it carry no `sourceHandle` (null, undefined or '').
 */
import { CoreNodeType, type WorkflowEdge, type WorkflowNode } from './schema.js';

export const ERROR_HANDLE = 'error';
export const LOOP_HANDLE = 'loop';
export const DONE_HANDLE = 'done';
export const DEFAULT_SWITCH_HANDLE = 'default';

/** Returns the named handle of an edge, or undefined for the unnamed default handle. */
export function handleName(handle: string | null | undefined): string | undefined {
  return handle === null || handle === undefined || handle === '' ? undefined : handle;
}

export function switchHandles(cases: unknown): string[] {
  const count = Array.isArray(cases) ? cases.length : 0;
  return [...Array.from({ length: count }, (_, i) => `case-${i}`), DEFAULT_SWITCH_HANDLE];
}

/** The handle lists of condition, switch and loop; undefined for any other type. */
export function builtinSourceHandles(node: WorkflowNode): readonly string[] | undefined {
  switch (node.type) {
    case CoreNodeType.condition:
      return ['true', 'false'];
    case CoreNodeType.switch:
      return switchHandles(node.data.cases);
    case CoreNodeType.loop:
      return [LOOP_HANDLE, DONE_HANDLE];
    default:
      return undefined;
  }
}

/** A loop-back edge closes a loop body: it targets a loop node's `loop` handle. */
export function isLoopBackEdge(edge: WorkflowEdge, nodesById: ReadonlyMap<string, WorkflowNode>): boolean {
  return nodesById.get(edge.target)?.type === CoreNodeType.loop && edge.targetHandle === LOOP_HANDLE;
}
