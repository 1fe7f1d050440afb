/**
 * Two ajv instances: bodies are validated strictly (a number is never coerced into a string), while
 * query strings, params and headers are coerced, since they only ever arrive as text.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common: Options = { allErrors: true, removeAdditional: true, useDefaults: true, strict: false };
const strictAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
const coercingAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema);
