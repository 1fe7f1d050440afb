import { setOwn } from './expressions/index.js';

/** Request headers a run never sees (design 10): credentials and session cookies. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
  'x-api-key',
  'x-mcp-key',
  'x-execution-token',
]);

/**
 * The headers a run may see: names lowercased, secrets and `hidden` (a workflow's own auth header,
 * lowercased) left out. `shape` turns each value into what the run gets; undefined drops it.
 */
export function publicHeaders<In, Out>(
  headers: Readonly<Record<string, In>>,
  shape: (value: In) => Out | undefined,
  hidden?: string,
): Record<string, Out> {
  const clean: Record<string, Out> = {};
  for (const name of Object.keys(headers)) {
    const key = name.toLowerCase();
    if (SECRET_HEADERS.has(key) || key === hidden) continue;
    const value = shape(headers[name]!);
    if (value !== undefined) setOwn(clean, key, value);
  }
  return clean;
}
