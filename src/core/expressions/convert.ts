/**
 * Converts jsep's loosely typed tree into our closed AST, rejecting everything outside the language:
 * unsupported operators, `this`, comma sequences, invalid arrow parameters, prototype property names
 * and trees deeper than MAX_AST_DEPTH.
 */
import type jsep from 'jsep';
import { BINARY_OPERATORS, UNARY_OPERATORS, type Node } from './ast.js';
import { fail } from './errors.js';
import { EMPTY_PARAMS, OBJECT_EXPRESSION, type ObjectExpression } from './jsep-plugins.js';
import { MAX_AST_DEPTH } from './limits.js';
import { assertAccessible } from './values.js';

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
/** Names an arrow parameter may not take: roots start with `$`, and these are the callable globals. */
const RESERVED_PARAMS = new Set(['JSON', 'Math', 'Number', 'String', 'Boolean']);
const MAX_ARROW_PARAMS = 2;

function identifierName(expression: jsep.Expression): string {
  const name = (expression as jsep.Identifier).name;
  if (typeof name !== 'string' || !IDENTIFIER.test(name))
    fail('syntax', `invalid name ${JSON.stringify(name)}`);
  return name;
}

function arrowParams(left: jsep.Expression): string[] {
  let params: string[];
  if (left.type === EMPTY_PARAMS) params = [];
  else if (left.type === 'Identifier') params = [identifierName(left)];
  else if (left.type === 'SequenceExpression') {
    params = (left as jsep.SequenceExpression).expressions.map((param) => {
      if (param.type !== 'Identifier') fail('syntax', 'arrow function parameters must be plain names');
      return identifierName(param);
    });
  } else return fail('syntax', 'arrow function parameters must be plain names');
  if (params.length > MAX_ARROW_PARAMS)
    fail('syntax', 'arrow functions take at most two parameters (item, index)');
  for (const param of params) {
    if (param.startsWith('$') || RESERVED_PARAMS.has(param)) {
      fail('syntax', `${param} cannot be used as an arrow function parameter`);
    }
  }
  if (new Set(params).size !== params.length) fail('syntax', 'duplicate arrow function parameter');
  return params;
}

function literalValue(expression: jsep.Expression): Node {
  const value = (expression as jsep.Literal).value;
  if (typeof value === 'string') return { type: 'Literal', value: value.replaceAll('$$', '$') };
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return { type: 'Literal', value };
  return fail('syntax', 'unsupported literal');
}

function objectKey(key: jsep.Expression): string {
  const value = (key as jsep.Literal).value;
  const name =
    key.type === 'Identifier'
      ? identifierName(key)
      : typeof value === 'string'
        ? value.replaceAll('$$', '$')
        : String(value);
  assertAccessible(name);
  return name;
}

export function convert(expression: jsep.Expression, depth = 0): Node {
  if (depth > MAX_AST_DEPTH)
    fail('limit', `expression is nested deeper than the limit of ${MAX_AST_DEPTH} levels`);
  const next = (child: jsep.Expression): Node => convert(child, depth + 1);
  switch (expression.type) {
    case 'Literal':
      return literalValue(expression);
    case 'Identifier':
      return { type: 'Identifier', name: identifierName(expression) };
    case 'MemberExpression': {
      const member = expression as jsep.MemberExpression;
      if (member.computed) return { type: 'Member', object: next(member.object), key: next(member.property) };
      const name = identifierName(member.property);
      assertAccessible(name);
      return { type: 'Member', object: next(member.object), key: name };
    }
    case 'CallExpression': {
      const call = expression as jsep.CallExpression;
      return { type: 'Call', callee: next(call.callee), args: call.arguments.map(next) };
    }
    case 'UnaryExpression': {
      const unary = expression as jsep.UnaryExpression;
      if (!UNARY_OPERATORS.has(unary.operator)) fail('syntax', `operator ${unary.operator} is not supported`);
      return { type: 'Unary', operator: unary.operator, argument: next(unary.argument) };
    }
    case 'BinaryExpression': {
      const binary = expression as jsep.BinaryExpression;
      if (binary.operator === '=>') {
        return { type: 'Arrow', params: arrowParams(binary.left), body: next(binary.right) };
      }
      if (!BINARY_OPERATORS.has(binary.operator))
        fail('syntax', `operator ${binary.operator} is not supported`);
      return {
        type: 'Binary',
        operator: binary.operator,
        left: next(binary.left),
        right: next(binary.right),
      };
    }
    case 'ConditionalExpression': {
      const conditional = expression as jsep.ConditionalExpression;
      return {
        type: 'Conditional',
        test: next(conditional.test),
        consequent: next(conditional.consequent),
        alternate: next(conditional.alternate),
      };
    }
    case 'ArrayExpression': {
      const elements = (expression as jsep.ArrayExpression).elements;
      return {
        type: 'Array',
        elements: elements.map((element): Node =>
          element ? next(element) : { type: 'Literal', value: null },
        ),
      };
    }
    case OBJECT_EXPRESSION:
      return {
        type: 'Object',
        properties: (expression as ObjectExpression).properties.map((property) => ({
          key: objectKey(property.key),
          value: next(property.value),
        })),
      };
    case 'Compound':
      return fail('syntax', 'expected a single expression');
    case 'SequenceExpression':
      return fail('syntax', 'comma-separated lists are only allowed as arrow function parameters');
    case 'ThisExpression':
      return fail('syntax', '"this" is not supported');
    default:
      return fail('syntax', `unsupported syntax (${expression.type})`);
  }
}
