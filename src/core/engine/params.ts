/** Expression rendering of a node's `data`, then parsing with the node type's params schema. */
import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import Value from 'typebox/value';
import { renderDeep, setOwn, type ExpressionScope } from '../expressions/index.js';
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
  const raw = definition.raw;
  const rendered: Record<string, unknown> = {};
  for (const key of Object.keys(data)) {
    const value = data[key];
    setOwn(
      rendered,
      key,
      NEVER_RENDERED.has(key) || raw?.includes(key) ? value : renderDeep(value, scope, key),
    );
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

/**
 * Defaults only fill absent fields and rendering never yields `undefined`, so when every default
 * of a schema sits on a top-level field, defaulting the stored data once and rendering that is the
 * same as rendering and then defaulting: the per-run clone and default walk are skipped.
 */
const topLevelDefaultsOnly = new WeakMap<TSchema, boolean>();
function defaultsAreTopLevel(schema: TSchema): boolean {
  let known = topLevelDefaultsOnly.get(schema);
  if (known === undefined) {
    const count = (value: unknown) => JSON.stringify(value).split('"default":').length - 1;
    const properties = (schema as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
    const topLevel = Object.values(properties).filter((property) => 'default' in property).length;
    known = count(schema) === topLevel;
    topLevelDefaultsOnly.set(schema, known);
  }
  return known;
}

/** The stored data of a node with its schema's defaults applied, frozen: rendering never writes to it. */
const defaulted = new WeakMap<object, Readonly<Record<string, unknown>>>();
function defaultedData(
  definition: NodeDefinition,
  data: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  let template = defaulted.get(data);
  if (!template) {
    template = deepFreeze(Value.Default(definition.params, Value.Clone(data)) as Record<string, unknown>);
    defaulted.set(data, template);
  }
  return template;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function prepareParams<S extends TSchema>(
  definition: NodeDefinition<S>,
  data: Readonly<Record<string, unknown>>,
  scope: ExpressionScope,
): Static<S> {
  if (defaultsAreTopLevel(definition.params)) {
    const rendered = renderData(definition, defaultedData(definition, data), scope);
    if (checkerFor(definition.params).Check(rendered)) return rendered as Static<S>;
  }
  return parseParams(definition, renderData(definition, data, scope));
}
