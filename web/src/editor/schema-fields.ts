/** How a property of a node's JSON schema is edited. Pure. */
import type { JsonSchema } from '../api/types';

export type FieldKind =
  | { kind: 'boolean' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'rows'; columns: string[] }
  | { kind: 'list' }
  | { kind: 'expression' };

export function fieldKind(schema: JsonSchema): FieldKind {
  const variants = schema.anyOf ?? [schema];
  const consts = variants.filter((v) => v.const !== undefined).map((v) => String(v.const));
  if (consts.length > 0 && consts.length === variants.length) return { kind: 'enum', options: consts };
  if (Array.isArray(schema.enum)) return { kind: 'enum', options: schema.enum.map(String) };
  if (schema.type === 'boolean') return { kind: 'boolean' };
  if (schema.type === 'array' && schema.items) {
    if (schema.items.type === 'object' && schema.items.properties)
      return { kind: 'rows', columns: Object.keys(schema.items.properties) };
    return { kind: 'list' };
  }
  return { kind: 'expression' };
}

/** Initial `data` of a new node: each property's schema default. */
export function defaultParams(schema: JsonSchema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema?.properties ?? {})) {
    if (property.default !== undefined && property.default !== null)
      out[key] = structuredClone(property.default);
  }
  return out;
}

/** "retryMaxAttempts" -> "Retry max attempts". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a text field holds for a stored value. */
export function asFieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
