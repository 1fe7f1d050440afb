/**
 * jsep configuration: arrow functions (`x => ...`, `(a, b) => ...`, `() => ...`) and object literals
 * (`{a: 1, "b": 2, c}`). jsep 1.6 already parses `??` (at the precedence of `||`, as in JS) and the
 * ternary operator. jsep's configuration is global, so registration is idempotent (by plugin name).
 */
import jsep from 'jsep';

/** Placeholder left operand of `=>` for an empty parameter list `()`. */
export const EMPTY_PARAMS = 'EmptyArrowParams';
export const OBJECT_EXPRESSION = 'ObjectExpression';
export const PROPERTY = 'Property';

export interface EmptyParamsExpression extends jsep.Expression {
  type: typeof EMPTY_PARAMS;
}
export interface PropertyExpression extends jsep.Expression {
  type: typeof PROPERTY;
  key: jsep.Expression;
  value: jsep.Expression;
}
export interface ObjectExpression extends jsep.Expression {
  type: typeof OBJECT_EXPRESSION;
  properties: PropertyExpression[];
}

const OPAREN = 40; // (
const CPAREN = 41; // )
const OBRACE = 123; // {
const CBRACE = 125; // }
const COMMA = 44; // ,
const COLON = 58; // :
const SQUOTE = 39;
const DQUOTE = 34;

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** The current character code; a call, so that TS does not narrow it across index moves. */
function peek(scope: jsep.HookScope): number {
  return scope.code;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** `()` directly followed by `=>`: jsep would otherwise reject the empty group. */
function gobbleEmptyParams(this: jsep.HookScope, env: { node?: jsep.Expression }): void {
  if (this.code !== OPAREN) return;
  const source = this.expr;
  let index = this.index + 1;
  while (isSpace(source.charCodeAt(index))) index++;
  if (source.charCodeAt(index) !== CPAREN) return;
  index++;
  while (isSpace(source.charCodeAt(index))) index++;
  if (!source.startsWith('=>', index)) return;
  this.index = index;
  const node: EmptyParamsExpression = { type: EMPTY_PARAMS };
  env.node = node;
}

function gobbleKey(scope: jsep.HookScope): jsep.Expression {
  const code = scope.code;
  if (code === SQUOTE || code === DQUOTE)
    return scope.gobbleStringLiteral() ?? scope.throwError('Expected key');
  if (isDigit(code)) return scope.gobbleNumericLiteral() ?? scope.throwError('Expected key');
  return scope.gobbleIdentifier() ?? scope.throwError('Expected key');
}

function gobbleObject(this: jsep.HookScope, env: { node?: jsep.Expression }): void {
  if (peek(this) !== OBRACE) return;
  this.index++;
  const properties: PropertyExpression[] = [];
  for (;;) {
    this.gobbleSpaces();
    if (peek(this) === CBRACE) break;
    if (properties.length > 0) {
      if (peek(this) !== COMMA) this.throwError('Expected , or } in object literal');
      this.index++;
      this.gobbleSpaces();
      if (peek(this) === CBRACE) break; // trailing comma
    }
    const key = gobbleKey(this);
    this.gobbleSpaces();
    let value: jsep.Expression = key;
    if (peek(this) === COLON) {
      this.index++;
      value = this.gobbleExpression();
      if (!value) this.throwError('Expected a value after :');
    } else if (key.type !== 'Identifier') {
      this.throwError('Expected : in object literal');
    }
    properties.push({ type: PROPERTY, key, value });
  }
  this.index++; // the closing brace
  const node: ObjectExpression = { type: OBJECT_EXPRESSION, properties };
  env.node = this.gobbleTokenProperty(node);
}

const arrowPlugin: jsep.IPlugin = {
  name: 'skein-arrow',
  init() {
    // Lowest precedence, right-associative: `x => a ? b : c` keeps the ternary in the body.
    jsep.addBinaryOp('=>', 0.1, true);
    jsep.hooks.add('gobble-token', gobbleEmptyParams);
  },
};

const objectPlugin: jsep.IPlugin = {
  name: 'skein-object',
  init() {
    jsep.hooks.add('gobble-token', gobbleObject);
  },
};

export function configureJsep(): void {
  jsep.plugins.register(arrowPlugin, objectPlugin);
}
