/**
 * Validation and planning are pure functions of the document and the registry, so a document object
 * that was planned once is not validated or planned again. Callers treat documents as immutable.
 */
import type { WorkflowDocument } from '../workflow/index.js';
import type { NodeRegistry } from './define-node.js';
import { buildPlan, type RunPlan } from './plan.js';
import { validateForRegistry } from './validate.js';

const plans = new WeakMap<NodeRegistry, WeakMap<object, RunPlan>>();

export function planFor(document: WorkflowDocument, registry: NodeRegistry): RunPlan {
  let byDocument = plans.get(registry);
  if (!byDocument) {
    byDocument = new WeakMap();
    plans.set(registry, byDocument);
  }
  const cached = byDocument.get(document);
  if (cached) return cached;
  validateForRegistry(document, registry);
  const plan = buildPlan(document, registry);
  byDocument.set(document, plan);
  return plan;
}
