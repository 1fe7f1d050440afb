import { Type } from 'typebox';
import { defineNode, NodeError, NonRetriableError, type LoadedCredential } from '../../core/engine/index.js';
import { asText, KeyValueList, NumberLike, toNumber } from '../schemas.js';
import { isJsonContentType, readCapped } from './read-body.js';

export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const MAX_TIMEOUT_MS = 300_000;

const Method = Type.Union(
  ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((method) => Type.Literal(method)),
  { default: 'GET' },
);

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new NonRetriableError(`Invalid URL "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NonRetriableError(`Unsupported URL scheme "${url.protocol}"; use http or https`);
  }
  return url;
}

function requestBody(method: string, body: unknown, headers: Headers): string | undefined {
  if (method === 'GET' || method === 'HEAD' || body === undefined || body === null || body === '')
    return undefined;
  if (typeof body === 'string') return body;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

/** Bearer credentials become `Authorization: Bearer`, header credentials their own header. */
function authenticate(headers: Headers, credential: LoadedCredential): void {
  const { type, values } = credential;
  if (type === 'bearer' && typeof values.token === 'string') {
    headers.set('authorization', `Bearer ${values.token}`);
    return;
  }
  if (type === 'header' && typeof values.header_key === 'string' && typeof values.header_value === 'string') {
    headers.set(values.header_key, values.header_value);
    return;
  }
  throw new NonRetriableError(
    `A ${type} credential cannot authenticate an HTTP request; use bearer or header`,
  );
}

export default defineNode({
  type: 'http',
  group: 'io',
  description: 'Sends an HTTP request; outputs {status, headers, body} (body parsed when JSON).',
  params: Type.Object({
    method: Method,
    url: Type.String({ minLength: 1 }),
    headers: KeyValueList,
    query: KeyValueList,
    body: Type.Optional(Type.Unknown()),
    timeoutMs: NumberLike({ minimum: 1, maximum: MAX_TIMEOUT_MS, default: 30_000 }),
    /** Output 4xx/5xx responses instead of failing the node. */
    ignoreErrorStatus: Type.Boolean({ default: false }),
    /** A bearer or header credential that authenticates the request. */
    credentialId: Type.Optional(Type.String({ maxLength: 64 })),
  }),
  async run(ctx, params) {
    const url = parseUrl(params.url);
    for (const { key, value } of params.query) if (key !== '') url.searchParams.append(key, asText(value));
    const headers = new Headers();
    for (const { key, value } of params.headers) if (key !== '') headers.set(key, asText(value));
    if (params.credentialId) authenticate(headers, await ctx.credential(params.credentialId));
    const body = requestBody(params.method, params.body, headers);
    const timeoutMs = toNumber(params.timeoutMs, 'timeoutMs', { minimum: 1, maximum: MAX_TIMEOUT_MS });
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout]);

    let status: number;
    let statusText: string;
    let responseHeaders: Record<string, string>;
    let text: string;
    let contentType: string | null;
    try {
      const response = await ctx.http(url.toString(), { method: params.method, headers, body, signal });
      ({ status, statusText } = response);
      contentType = response.headers.get('content-type');
      responseHeaders = Object.fromEntries(response.headers.entries());
      text = params.method === 'HEAD' ? '' : await readCapped(response, MAX_RESPONSE_BYTES);
    } catch (error) {
      if (timeout.aborted && !ctx.signal.aborted) {
        throw new NodeError(`HTTP request to ${url.host} timed out after ${timeoutMs} ms`, true, {
          cause: error,
        });
      }
      throw error;
    }

    let parsed: unknown = text;
    if (isJsonContentType(contentType) && text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (status >= 400 && !params.ignoreErrorStatus) {
      const snippet = text.length > 200 ? `${text.slice(0, 200)}…` : text;
      const message = `HTTP ${status}${statusText ? ` ${statusText}` : ''} from ${url.host}${snippet ? `: ${snippet}` : ''}`;
      throw new NodeError(message, status >= 500 || status === 429 || status === 408);
    }
    return { output: { status, headers: responseHeaders, body: parsed } };
  },
});
