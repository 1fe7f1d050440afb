/** Expression rendering of a node's `data`, then parsing with the node type's params schema. */
import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import Value from 'typebox/value';
import { renderDeep, type ExpressionScope } from '../expressions/index.js';
import { schemaErrors } from '../workflow/index.js';
import type { NodeDefinition } from './define-node.js';
import { NonRetriableError } from './errors.js';

/** Common fields that are settings of the node, not inputs to render. */
const NEVER_RENDERED: ReadonlySet<string> = new Set([
  'label',
  'active',
  'pinnedData',
  'retryEnabled',
  'retryMaxAttempts',
  'retryWaitSeconds',
  'onErrorEnabled',
]);

export function renderData(
  definition: Pick<NodeDefinition, 'raw'>,
  data: Readonly<Record<string, unknown>>,
  scope: ExpressionScope,
): Record<string, unknown> {
  const raw = new Set(definition.raw ?? []);
  const rendered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    rendered[key] = NEVER_RENDERED.has(key) || raw.has(key) ? value : renderDeep(value, scope, key);
  }
  return rendered;
}

/** Each params schema is compiled to a checker once, on first use. */
const checkers = new WeakMap<TSchema, Validator>();
function checkerFor(schema: TSchema): Validator {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = Compile(schema);
    checkers.set(schema, checker);
  }
  return checker;
}

/** Applies schema defaults and checks; a mismatch is a NonRetriableError naming the fields. */
export function parseParams<S extends TSchema>(
  definition: NodeDefinition<S>,
  data: Readonly<Record<string, unknown>>,
): Static<S> {
  const value = Value.Default(definition.params, Value.Clone(data));
  if (checkerFor(definition.params).Check(value)) return value as Static<S>;
  const problems = schemaErrors(definition.params, value, 5)
    .map((error) => `"${error.path || '(data)'}" ${error.message}`)
    .join('; ');
  throw new NonRetriableError(`Invalid parameters for ${definition.type} node: ${problems}`);
}

export function prepareParams<S extends TSchema>(
  definition: NodeDefinition<S>,
  data: Readonly<Record<string, unknown>>,
  scope: ExpressionScope,
): Static<S> {
  return parseParams(definition, renderData(definition, data, scope));
}
