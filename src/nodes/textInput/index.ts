import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';
import { publicHeaders } from '../../core/secret-headers.js';
import { isRecord } from '../schemas.js';

/** Lowercased, without secrets; the HTTP layer also drops the workflow's auth header. */
function cleanHeaders(headers: unknown): Record<string, unknown> {
  return isRecord(headers) ? publicHeaders(headers, (value) => value) : {};
}

export default defineNode({
  type: 'textInput',
  group: 'trigger',
  description: 'HTTP input: the request body, headers and query, with default values for missing fields.',
  params: Type.Object({
    inputFields: Type.Array(
      Type.Object({
        key: Type.String(),
        defaultValue: Type.Optional(Type.Unknown()),
        description: Type.Optional(Type.String()),
      }),
      { default: [] },
    ),
  }),
  run(ctx, params) {
    const trigger = isRecord(ctx.trigger) ? ctx.trigger : {};
    let body: unknown = trigger['body'] ?? {};
    if (isRecord(body)) {
      const defaults = params.inputFields
        .filter(
          (field) =>
            field.key !== '' &&
            field.defaultValue !== undefined &&
            isRecord(body) &&
            body[field.key] === undefined,
        )
        .map((field) => [field.key, field.defaultValue] as const);
      body = { ...body, ...Object.fromEntries(defaults) };
    }
    const query = isRecord(trigger['query']) ? trigger['query'] : {};
    return { output: { body, headers: cleanHeaders(trigger['headers']), query } };
  },
});
