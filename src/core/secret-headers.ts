/** Request headers a run never sees (design 10): credentials and session cookies. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
  'x-api-key',
  'x-mcp-key',
  'x-execution-token',
]);
