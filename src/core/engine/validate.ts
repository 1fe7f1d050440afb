import { validateWorkflow, type WorkflowDocument } from '../workflow/index.js';
import type { NodeRegistry } from './define-node.js';

/** Validates a document against the registered node types and their handles. */
export function validateForRegistry(doc: unknown, registry: NodeRegistry): asserts doc is WorkflowDocument {
  validateWorkflow(doc, new Set(registry.keys()), (node) => registry.get(node.type)?.handles?.(node.data));
}
