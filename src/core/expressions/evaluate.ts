/**
 * The tree-walking evaluator. Every node visit costs one step of the field's Budget; identifiers
 * resolve to arrow parameters or `$` roots only; calls reach only globals.ts and methods.ts.
 */
import type { ArrowNode, BinaryNode, CallNode, MemberNode, Node } from './ast.js';
import { fail } from './errors.js';
import { callGlobal, isGlobalName, isNamespace, readNamespaceConstant } from './globals.js';
import { Budget, checkArrayLength } from './limits.js';
import { CALLBACK_METHODS, callMethod, isKnownMethod, type Callback } from './methods.js';
import { NOW_METHODS, NowValue } from './now.js';
import { applyBinary, applyUnary } from './operators.js';
import { resolveRoot, type ExpressionScope } from './scope.js';
import { assertAccessible, isTruthy, propertyKey, readProperty, toPlain } from './values.js';

export interface EvalContext {
  readonly scope: ExpressionScope;
  readonly budget: Budget;
  /** The `$now` helper, read once per context. */
  now(): NowValue;
}

type Locals = ReadonlyMap<string, unknown>;
const NO_LOCALS: Locals = new Map();

export function createContext(scope: ExpressionScope): EvalContext {
  let now: NowValue | undefined;
  return {
    scope,
    budget: new Budget(),
    now: () => (now ??= new NowValue((scope.now?.() ?? new Date()).getTime())),
  };
}

/** Evaluates a node to a plain value (`$now` helpers become ISO strings, undefined becomes null). */
export function evaluate(node: Node, ctx: EvalContext, locals: Locals = NO_LOCALS): unknown {
  return toPlain(evaluateRaw(node, ctx, locals));
}

function evaluateRaw(node: Node, ctx: EvalContext, locals: Locals): unknown {
  ctx.budget.charge();
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier':
      return identifier(node.name, ctx, locals);
    case 'Member':
      return member(node, ctx, locals);
    case 'Call':
      return call(node, ctx, locals);
    case 'Unary':
      return applyUnary(node.operator, evaluate(node.argument, ctx, locals));
    case 'Binary':
      return binary(node, ctx, locals);
    case 'Conditional':
      return isTruthy(evaluate(node.test, ctx, locals))
        ? evaluateRaw(node.consequent, ctx, locals)
        : evaluateRaw(node.alternate, ctx, locals);
    case 'Array':
      checkArrayLength(node.elements.length);
      return node.elements.map((element) => evaluate(element, ctx, locals));
    case 'Object':
      return Object.fromEntries(node.properties.map(({ key, value }) => [key, evaluate(value, ctx, locals)]));
    case 'Arrow':
      return fail('type', 'arrow functions can only be passed to map, filter, find, some or every');
  }
}

function identifier(name: string, ctx: EvalContext, locals: Locals): unknown {
  if (locals.has(name)) return locals.get(name);
  if (name.startsWith('$') && name.length > 1) return resolveRoot(name.slice(1), ctx.scope, ctx.now);
  if (isGlobalName(name)) return fail('reference', `${name} is not a value; call it, e.g. ${name}(...)`);
  return fail('reference', `unknown reference ${name}`);
}

function binary(node: BinaryNode, ctx: EvalContext, locals: Locals): unknown {
  const left = evaluate(node.left, ctx, locals);
  switch (node.operator) {
    case '&&':
      return isTruthy(left) ? evaluate(node.right, ctx, locals) : left;
    case '||':
      return isTruthy(left) ? left : evaluate(node.right, ctx, locals);
    case '??':
      return left ?? evaluate(node.right, ctx, locals);
    default:
      return applyBinary(node.operator, left, evaluate(node.right, ctx, locals));
  }
}

function keyOf(node: MemberNode, ctx: EvalContext, locals: Locals): string {
  const key = typeof node.key === 'string' ? node.key : propertyKey(evaluate(node.key, ctx, locals));
  assertAccessible(key);
  return key;
}

function isNamespaceReference(node: Node): node is { type: 'Identifier'; name: string } {
  return node.type === 'Identifier' && isNamespace(node.name);
}

function member(node: MemberNode, ctx: EvalContext, locals: Locals): unknown {
  const key = keyOf(node, ctx, locals);
  if (isNamespaceReference(node.object)) return readNamespaceConstant(node.object.name, key);
  const target = evaluateRaw(node.object, ctx, locals);
  if (target instanceof NowValue) {
    fail(
      'type',
      NOW_METHODS.has(key) ? `$now.${key} is a method: write $now.${key}()` : `$now has no ${key}`,
    );
  }
  return readProperty(target, key);
}

/** A readable name for a callee in error messages, e.g. `process.exit` or `$input.toString.call`. */
function describe(node: Node): string {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'Member')
    return `${describe(node.object)}${typeof node.key === 'string' ? `.${node.key}` : '[…]'}`;
  if (node.type === 'Call') return `${describe(node.callee)}(…)`;
  if (node.type === 'Literal')
    return typeof node.value === 'string' ? JSON.stringify(node.value) : String(node.value);
  if (node.type === 'Array') return '[…]';
  return node.type === 'Object' ? '{…}' : '(…)';
}

function makeCallback(arrow: ArrowNode, ctx: EvalContext, locals: Locals): Callback {
  const [itemName, indexName] = arrow.params;
  return (item, index) => {
    ctx.budget.charge();
    const inner = new Map(locals);
    if (itemName !== undefined) inner.set(itemName, item ?? null);
    if (indexName !== undefined) inner.set(indexName, index);
    return evaluate(arrow.body, ctx, inner);
  };
}

function call(node: CallNode, ctx: EvalContext, locals: Locals): unknown {
  const { callee } = node;
  const evaluateArgs = (): unknown[] => node.args.map((arg) => evaluate(arg, ctx, locals));
  if (callee.type === 'Identifier') {
    if (!isGlobalName(callee.name) || isNamespace(callee.name))
      fail('reference', `unknown function ${callee.name}`);
    return callGlobal(undefined, callee.name, evaluateArgs(), ctx.budget);
  }
  if (callee.type !== 'Member') return fail('reference', `unknown function ${describe(callee)}`);
  const name = keyOf(callee, ctx, locals);
  if (isNamespaceReference(callee.object))
    return callGlobal(callee.object.name, name, evaluateArgs(), ctx.budget);
  if (!isKnownMethod(name)) {
    fail('reference', `unknown function ${typeof callee.key === 'string' ? describe(callee) : name}`);
  }
  const receiver = evaluateRaw(callee.object, ctx, locals);
  let callback: Callback | undefined;
  const args: unknown[] = [];
  node.args.forEach((arg, index) => {
    if (arg.type === 'Arrow' && index === 0 && CALLBACK_METHODS.has(name))
      callback = makeCallback(arg, ctx, locals);
    else args.push(evaluate(arg, ctx, locals));
  });
  return callMethod(receiver, { name, args, callback, budget: ctx.budget });
}
