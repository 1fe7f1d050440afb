/** Reads an exported workflow JSON (name, description, nodes, edges). Pure. */
import type { WorkflowRecord } from '../api/types';

export function parseImport(text: string): Partial<WorkflowRecord> & { name: string } {
  const parsed = JSON.parse(text) as Partial<WorkflowRecord> | null;
  if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.nodes)) {
    throw new Error('Not a workflow export: "nodes" is missing');
  }
  return {
    name: typeof parsed.name === 'string' && parsed.name.trim() ? parsed.name : 'Imported workflow',
    description: typeof parsed.description === 'string' ? parsed.description : '',
    nodes: parsed.nodes,
    edges: Array.isArray(parsed.edges) ? parsed.edges : [],
  };
}
