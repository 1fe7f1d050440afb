/** Sample outputs of nodes for autocomplete and previews: last run, pinned data, or the type's shape. */
import type { NodeParams } from '../graph/mapping';

export function sampleOutput(kind: string, params: NodeParams, lastOutput: unknown): unknown {
  if (lastOutput !== undefined && lastOutput !== null) return lastOutput;
  if (params.pinnedData !== undefined) return params.pinnedData;
  switch (kind) {
    case 'textInput': {
      const fields = Array.isArray(params.inputFields)
        ? (params.inputFields as { key?: unknown; defaultValue?: unknown }[])
        : [];
      const body = Object.fromEntries(
        fields
          .filter((f) => typeof f.key === 'string' && f.key !== '')
          .map((f) => [f.key as string, f.defaultValue ?? '']),
      );
      return { body, headers: {}, query: {} };
    }
    case 'cron':
      return { triggered_by: 'cron', triggered_at: '' };
    case 'condition':
      return { branch: 'true' };
    case 'switch':
      return { branch: 'default', value: null };
    case 'loop':
      return { item: null, index: 0, total: 0, results: [] };
    case 'http':
      return { status: 200, headers: {}, body: null };
    case 'variable':
      return { name: '', value: null };
    case 'set':
    case 'jsonOutputMapper': {
      const mappings = Array.isArray(params.mappings) ? (params.mappings as { key?: unknown }[]) : [];
      return Object.fromEntries(
        mappings.filter((m) => typeof m.key === 'string' && m.key).map((m) => [m.key as string, null]),
      );
    }
    default:
      return undefined;
  }
}
