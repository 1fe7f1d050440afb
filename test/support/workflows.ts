/**
 * Compatibility re-export: these graph helpers now live in ./executions.ts (the workflow CRUD suites
 * use ./workflow-api.ts). Import from there; this file can go once nothing imports it.
 */
export { createWorkflow, edge, greeter, node, type WorkflowDoc } from './executions.js';
