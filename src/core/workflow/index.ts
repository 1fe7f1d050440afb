export * from './schema.js';
export * from './handles.js';
export * from './graph.js';
export { findCycles, type Cycle } from './cycles.js';
export { schemaErrors, toFieldPath } from './schema-errors.js';
export { validateWorkflow, type HandlesOf } from './validate.js';
