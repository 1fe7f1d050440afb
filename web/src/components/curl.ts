/** The cURL commands of the settings dialog, from the workflow's settings. Pure. */
import type { WorkflowRecord } from '../api/types';

export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function sampleBody(
  workflow: Pick<WorkflowRecord, 'nodes' | 'webhook_body_mode'>,
): Record<string, unknown> {
  if (workflow.webhook_body_mode === 'generic') return { key: 'value' };
  const body: Record<string, unknown> = {};
  for (const node of workflow.nodes) {
    if (node.type !== 'textInput' || !Array.isArray(node.data.inputFields)) continue;
    for (const field of node.data.inputFields as { key?: string; defaultValue?: unknown }[]) {
      if (field.key) body[field.key] = field.defaultValue ?? '';
    }
  }
  return body;
}

export interface CurlOptions {
  baseUrl: string;
  stream: boolean;
  /** An execution token to show instead of the placeholder. */
  token?: string;
}

export function curlCommand(
  workflow: Pick<
    WorkflowRecord,
    | 'id'
    | 'nodes'
    | 'webhook_body_mode'
    | 'http_method'
    | 'auth_type'
    | 'auth_header_key'
    | 'auth_header_value'
  >,
  options: CurlOptions,
): string {
  const method = options.stream ? 'POST' : (workflow.http_method ?? 'POST');
  const body = sampleBody(workflow);
  const hasBody = method !== 'GET' && method !== 'DELETE';
  let url = `${options.baseUrl.replace(/\/$/, '')}/api/workflows/${workflow.id}/execute${options.stream ? '/stream' : ''}`;
  if (!hasBody) {
    const query = new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    if (query.size > 0) url += `?${query}`;
  }
  const lines = [`curl${options.stream ? ' -N' : ''} -X ${method} ${shellQuote(url)}`];
  if (hasBody) lines.push(`-H ${shellQuote('Content-Type: application/json')}`);
  if (options.stream) lines.push(`-H ${shellQuote('Accept: text/event-stream')}`);
  if (workflow.auth_type === 'jwt')
    lines.push(`-H ${shellQuote(`Authorization: Bearer ${options.token ?? '<EXECUTION_TOKEN>'}`)}`);
  if (workflow.auth_type === 'header_auth') {
    const key = workflow.auth_header_key || 'X-API-Key';
    lines.push(`-H ${shellQuote(`${key}: ${workflow.auth_header_value || '<HEADER_VALUE>'}`)}`);
  }
  if (hasBody) lines.push(`-d ${shellQuote(JSON.stringify(body))}`);
  return lines.join(' \\\n  ');
}
