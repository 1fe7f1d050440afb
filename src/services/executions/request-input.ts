/**
 * Turns an execute request into what a run receives (spec 4.1, design 10): raw or wrapped body,
 * query inputs for GET/DELETE, sanitised headers, test_run and trigger source.
 */
import { AppError } from '../../core/errors.js';
import { publicHeaders } from '../../core/secret-headers.js';

export interface ExecuteRequestParts {
  method: string;
  body: unknown;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export interface RunInput {
  body: unknown;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  testRun: boolean;
  triggerSource: string;
}

export const DEFAULT_TRIGGER_SOURCE = 'API';
export const MAX_TRIGGER_SOURCE_LENGTH = 64;

const CONTROL_PARAMS = new Set(['test_run', 'trigger_source']);
const WRAPPER_KEYS = new Set(['inputs', 'test_run', 'trigger_source']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{inputs: {...}}` with nothing but wrapper keys beside it. */
export function isWrappedBody(
  body: unknown,
): body is { inputs: Record<string, unknown>; test_run?: unknown } {
  return (
    isPlainObject(body) &&
    isPlainObject(body.inputs) &&
    Object.keys(body).every((key) => WRAPPER_KEYS.has(key))
  );
}

const truthy = (value: unknown) => value === true || value === 'true' || value === '1';

/** Lowercased, arrays joined, without secrets or the workflow's own auth header. */
export function sanitiseHeaders(
  headers: ExecuteRequestParts['headers'],
  authHeaderKey: string | null,
): Record<string, string> {
  return publicHeaders(
    headers,
    (value) => (Array.isArray(value) ? value.join(', ') : value),
    authHeaderKey?.toLowerCase(),
  );
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

function triggerSourceOf(parts: ExecuteRequestParts): string {
  const candidates = [
    firstString(parts.headers['x-trigger-source']),
    firstString(parts.query.trigger_source),
    isPlainObject(parts.body) ? parts.body.trigger_source : undefined,
  ];
  const given = candidates.find((value) => value !== undefined && value !== null);
  if (given === undefined || given === null) return DEFAULT_TRIGGER_SOURCE;
  if (typeof given !== 'string' || given.trim() === '') {
    throw new AppError('validation_failed', {
      errors: [{ path: 'trigger_source', message: 'must be a non-empty string' }],
    });
  }
  if ([...given].length > MAX_TRIGGER_SOURCE_LENGTH) {
    throw new AppError('validation_failed', {
      errors: [
        { path: 'trigger_source', message: `must be at most ${MAX_TRIGGER_SOURCE_LENGTH} characters` },
      ],
    });
  }
  return given;
}

export function readRunInput(parts: ExecuteRequestParts, authHeaderKey: string | null): RunInput {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parts.query)) if (!CONTROL_PARAMS.has(key)) query[key] = value;
  const method = parts.method.toUpperCase();
  const wrapped = isWrappedBody(parts.body);
  let body: unknown;
  if (method === 'GET' || method === 'DELETE') body = query;
  else if (wrapped) body = (parts.body as { inputs: unknown }).inputs;
  else body = parts.body ?? {};
  const testRun =
    truthy(firstString(parts.query.test_run)) ||
    (wrapped && truthy((parts.body as { test_run?: unknown }).test_run));
  return {
    body,
    query,
    headers: sanitiseHeaders(parts.headers, authHeaderKey),
    testRun,
    triggerSource: triggerSourceOf(parts),
  };
}
