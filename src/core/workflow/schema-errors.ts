import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import type { FieldError } from '../errors.js';

/** `/nodes/0/data/label` -> `nodes[0].data.label`. */
export function toFieldPath(instancePath: string): string {
  let path = '';
  for (const part of instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : path === '' ? key : `.${key}`;
  }
  return path;
}

function joinPath(base: string, key: string): string {
  return base === '' ? key : `${base}.${key}`;
}

/**
 * Readable schema errors, one per path. Union branches report several errors for one path; only
 * the first is kept. Missing required properties are reported at the property's own path.
 */
export function schemaErrors(schema: TSchema, value: unknown, limit = 20): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of Value.Errors(schema, value)) {
    const base = toFieldPath(error.instancePath);
    const entries: FieldError[] =
      error.keyword === 'required'
        ? error.params.requiredProperties.map((name) => ({
            path: joinPath(base, name),
            message: 'is required',
          }))
        : [{ path: base, message: error.message }];
    for (const entry of entries) {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      out.push(entry);
    }
    if (out.length >= limit) break;
  }
  return out;
}
