/**
 * JSON with object keys sorted at every depth, so two equal values always give the same text
 * (and the same cache key) whatever order their keys were written in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    isPlainObject(nested) ? sortedCopy(nested) : nested,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function sortedCopy(object: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort()) sorted[key] = object[key];
  return sorted;
}
