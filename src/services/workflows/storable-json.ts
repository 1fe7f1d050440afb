/**
 * Limits the body schema cannot express: PostgreSQL refuses NUL characters and unpaired UTF-16
 * surrogates (JSON.stringify escapes them as `\udXXX`, which jsonb rejects), very deep JSON
 * exhausts its parser's stack, and one node's `data` should not take the whole body.
 */
import type { FieldError } from '../../core/errors.js';

export const MAX_JSON_DEPTH = 64;
export const MAX_NODE_DATA_BYTES = 1024 * 1024;
const MAX_ERRORS = 10;
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const NUL_OR_LONE_SURROGATE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const TEXT_RULE = 'must be well-formed Unicode text without NUL characters';

/** JSON-pointer-like path as validation errors use it: `body/nodes/0/data`. */
const pathOf = (keys: readonly (string | number)[]) => ['body', ...keys].join('/');

function walk(value: unknown, keys: (string | number)[], errors: FieldError[]): void {
  if (errors.length >= MAX_ERRORS) return;
  if (typeof value === 'string') {
    if (NUL_OR_LONE_SURROGATE.test(value)) errors.push({ path: pathOf(keys), message: TEXT_RULE });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (keys.length >= MAX_JSON_DEPTH) {
    errors.push({ path: pathOf(keys), message: `nests deeper than ${MAX_JSON_DEPTH} levels` });
    return;
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && NUL_OR_LONE_SURROGATE.test(key)) {
      errors.push({ path: pathOf(keys), message: `member names ${TEXT_RULE}` });
    }
    keys.push(key);
    walk(item, keys, errors);
    keys.pop();
    if (errors.length >= MAX_ERRORS) return;
  }
}

/** Problems that would make the body unstorable or oversized; empty when it is fine. */
export function storableErrors(body: {
  nodes?: readonly { id: string; data: unknown }[] | undefined;
}): FieldError[] {
  const errors: FieldError[] = [];
  walk(body, [], errors);
  // Measuring needs JSON.stringify, which recursion as deep as a 10 MiB body allows would overflow.
  if (errors.length > 0) return errors;
  body.nodes?.forEach((node, index) => {
    const bytes = Buffer.byteLength(JSON.stringify(node.data));
    if (bytes > MAX_NODE_DATA_BYTES && errors.length < MAX_ERRORS) {
      errors.push({
        path: pathOf(['nodes', index, 'data']),
        message: `data of node "${node.id}" is ${bytes} bytes; at most ${MAX_NODE_DATA_BYTES}`,
      });
    }
  });
  return errors;
}
