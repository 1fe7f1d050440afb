/**
 * PostgreSQL's jsonb refuses NUL characters and lone UTF-16 surrogates, which any HTTP caller can
 * send. Values bound for jsonb columns pass through here: such characters become U+FFFD, so the
 * row is written instead of failing.
 */
const MAX_DEPTH = 200;

function safeString(value: string): string {
  const wellFormed = value.isWellFormed() ? value : value.toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', '\ufffd') : wellFormed;
}

export function jsonbSafe(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return safeString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[nested too deeply]';
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => jsonbSafe(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[safeString(key)] = jsonbSafe(item, depth + 1);
  return out;
}
