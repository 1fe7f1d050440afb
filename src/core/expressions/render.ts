/** The public operations: evaluate one expression, render one field, render a whole parameter tree. */
import { childrenOf, type Node } from './ast.js';
import { toExpressionError } from './errors.js';
import { createContext, evaluate, type EvalContext } from './evaluate.js';
import { checkStringLength } from './limits.js';
import { parseExpression } from './parser.js';
import type { ExpressionScope } from './scope.js';
import { classifyField, type FieldShape, type Segment } from './template.js';
import { toText } from './values.js';

/** A field's path, spelled out only when an error names it (most renders never fail). */
type FieldPath = string | undefined | { parent: FieldPath; key: string | number };

const pathText = (path: FieldPath): string | undefined =>
  typeof path === 'object' ? childPath(pathText(path.parent), path.key) : path;

function guarded<T>(expression: string, fieldPath: FieldPath, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw toExpressionError(error, expression, pathText(fieldPath));
  }
}

/** Parses and evaluates `source` as one expression (no template rules) and returns its value. */
export function evaluateExpression(source: string, scope: ExpressionScope): unknown {
  return guarded(source, undefined, () => evaluate(parseExpression(source), createContext(scope)));
}

function renderTemplate(segments: Segment[], ctx: EvalContext, fieldPath: FieldPath): string {
  let output = '';
  for (const segment of segments) {
    if (segment.kind === 'text') {
      output += segment.text;
      continue;
    }
    output += guarded(segment.source, fieldPath, () => {
      const text = toText(evaluate(parseExpression(segment.source), ctx));
      checkStringLength(output.length + text.length);
      return text;
    });
  }
  return output;
}

/**
 * Renders one string field (design 10): `$$` becomes `$`; a whole-field expression or a single
 * `{{ expr }}` block keeps its native JSON type; any other field with references or blocks becomes a
 * string; a field without either is returned as is.
 */
export function renderField(value: string, scope: ExpressionScope, fieldPath?: FieldPath): unknown {
  const shape: FieldShape = guarded(value.trim(), fieldPath, () => classifyField(value));
  if (shape.kind === 'text') return shape.text;
  const ctx = createContext(scope);
  if (shape.kind === 'template') return renderTemplate(shape.segments, ctx, fieldPath);
  return guarded(shape.source, fieldPath, () => evaluate(shape.node ?? parseExpression(shape.source), ctx));
}

/** Assignment, except that a `__proto__` key from JSON stays an own property, never the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$]*$/;

function childPath(parent: string | undefined, key: string | number): string {
  if (typeof key === 'number') return `${parent ?? ''}[${key}]`;
  const segment = SIMPLE_KEY.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (parent === undefined || parent === '') return segment;
  return segment.startsWith('[') ? `${parent}${segment}` : `${parent}.${segment}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Renders every string inside arrays and plain objects (keys are not rendered), returning new
 * containers; other values are returned as they are. Field paths look like `mappings[0].value`.
 */
export function renderDeep(value: unknown, scope: ExpressionScope, fieldPath?: FieldPath): unknown {
  if (typeof value === 'string') return renderField(value, scope, fieldPath);
  if (Array.isArray(value))
    return value.map((item, index) => renderDeep(item, scope, { parent: fieldPath, key: index }));
  if (isPlainObject(value)) {
    const rendered: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      setOwn(rendered, key, renderDeep(value[key], scope, { parent: fieldPath, key }));
    }
    return rendered;
  }
  return value;
}

function collectRoots(node: Node, roots: Set<string>): void {
  const stack: Node[] = [node];
  for (let current = stack.pop(); current; current = stack.pop()) {
    if (current.type === 'Identifier' && current.name.startsWith('$') && current.name.length > 1) {
      roots.add(current.name.slice(1));
    }
    stack.push(...childrenOf(current).reverse());
  }
}

/**
 * The roots a field refers to (`$request.body` -> `request`, `$input` -> `input`), in order of first
 * appearance, without duplicates. Unparseable parts are skipped; this never throws.
 */
export function referencedRoots(value: string): string[] {
  const roots = new Set<string>();
  let shape: FieldShape;
  try {
    shape = classifyField(value);
  } catch {
    return [];
  }
  const sources =
    shape.kind === 'expression'
      ? [shape.source]
      : shape.kind === 'template'
        ? shape.segments.flatMap((segment) => (segment.kind === 'text' ? [] : [segment.source]))
        : [];
  for (const source of sources) {
    try {
      collectRoots(parseExpression(source), roots);
    } catch {
      // an unparseable expression refers to nothing the editor can check
    }
  }
  return [...roots];
}
