import { afterEach, describe, expect, it } from 'vitest';
import { evaluateExpression, ExpressionError, renderField } from './index.js';
import { makeScope } from './test-support/scope.js';

const run = (source: string): unknown =>
  evaluateExpression(source, makeScope({ input: { k: 'prototype', items: [] } }));

function failure(source: string): ExpressionError {
  try {
    run(source);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error(`expected ${source} to fail`);
}

afterEach(() => {
  // No hostile expression may leave anything behind on the shared prototypes.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Array.prototype).not.toHaveProperty('polluted');
});

describe('prototype access is refused in every form', () => {
  it.each([
    '$input.__proto__',
    '$input["__proto__"]',
    "$input['__proto__']",
    '$input["con" + "structor"]',
    '$input["proto".replace("proto", "__proto__")]',
    '$input[$input.k]',
    '$input.constructor',
    '$input.prototype',
    '$input?.constructor',
    '$input.items.constructor',
    '$input.constructor.constructor("return process")()',
    '({}).constructor',
    '{}.constructor',
    '{}["constructor"]',
    '"".constructor',
    '"abc"["constructor"]',
    '[].map.constructor',
    '[].constructor',
    '(1).constructor',
    'true.constructor',
    'Math.constructor',
    'Math["constructor"]',
    'JSON.parse.constructor',
    'JSON["__proto__"]',
    '$now.constructor',
    '$uuid.constructor',
    '$input.items.map(x => x.constructor)',
    '$input.items.map(x => x).__proto__',
    '{__proto__: {polluted: 1}}',
    '{"__proto__": {polluted: 1}}',
    '{constructor: 1}',
    '{prototype: 1}',
    '$input["__pro" + "to__"]["polluted"]',
    '$input.constructor.prototype.polluted',
    '$input["constructor"]["prototype"]',
    '$input.items["constructor"]("x")',
    '$input["__proto__"].toString()',
  ])('%s', (source) => {
    const error = failure(source);
    expect(error.kind).toBe('refused');
    expect(error.reason).toMatch(/property "(__proto__|constructor|prototype)" is not accessible/);
  });

  it('refuses prototype names even when they are own data properties', () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "constructor": 2}') as unknown;
    const scope = makeScope({ input });
    expect(() => evaluateExpression('$input["__proto__"]', scope)).toThrow(/not accessible/);
    expect(() => evaluateExpression('$input.constructor', scope)).toThrow(/not accessible/);
  });

  it('JSON.parse of a __proto__ key does not pollute', () => {
    const parsed = run('JSON.parse("{\\"__proto__\\": {\\"polluted\\": true}}")') as object;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('nothing outside the whitelist can be called or read', () => {
  it.each([
    ['process.exit()', /unknown function process.exit/],
    ['process', /unknown reference process/],
    ['process.env', /unknown reference process/],
    ['require("fs")', /unknown function require/],
    ['require("child_process").execSync("id")', /unknown function require\(…\)\.execSync/],
    ['globalThis', /unknown reference globalThis/],
    ['globalThis.process', /unknown reference globalThis/],
    ['window', /unknown reference window/],
    ['this', /"this" is not supported/],
    ['this.constructor', /not accessible/],
    ['eval("1")', /unknown function eval/],
    ['Function("x")', /unknown function Function/],
    ['new Function("return 1")', /expected a single expression/],
    ['import("fs")', /unknown function import/],
    ['$input.toString.call()', /unknown function \$input.toString.call/],
    ['$input.items.map.call(null, x => x)', /unknown function \$input.items.map.call/],
    ['$input.valueOf()', /unknown function \$input.valueOf/],
    ['$input.hasOwnProperty("k")', /unknown function \$input.hasOwnProperty/],
    ['$input.__defineGetter__("x", 1)', /unknown function \$input.__defineGetter__/],
    ['$input.__lookupGetter__("k")', /unknown function/],
    ['$input.items.push(1)', /unknown function \$input.items.push/],
    ['$input["toUpperCase"]()', /toUpperCase\(\) is not available on object/],
    ['$input["push"]()', /unknown function push/],
    ['String.fromCharCode(65)', /unknown function String.fromCharCode/],
    ['Number.constructor', /not accessible/],
    ['Math.random.call()', /unknown function Math.random.call/],
    ['JSON.stringify.apply(null, [1])', /unknown function JSON.stringify.apply/],
    ['Object.assign({}, {})', /unknown function Object.assign/],
    ['Reflect.get($input, "k")', /unknown function Reflect.get/],
    ['setTimeout("1")', /unknown function setTimeout/],
    ['fetch("http://example.com")', /unknown function fetch/],
    ['$input.k = 1', /syntax error/],
    ['$input.k++', /syntax error/],
    ['`template ${1}`', /syntax error/],
    ['/regex/.test("x")', /syntax error/],
    ['typeof $input', /expected a single expression/],
    ['$input.items.map(x => x)()', /unknown function/],
  ])('%s is refused', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });

  it('$input.toString.call reads as a missing path, never a function', () => {
    expect(run('$input.toString')).toBeNull();
    expect(run('$input.toString.call')).toBeNull();
  });

  it('a refused expression inside a template fails the field instead of rendering', () => {
    expect(() => renderField('Hi $input.constructor.name', makeScope())).toThrow(/not accessible/);
    expect(() => renderField('Hi {{ process.exit() }}', makeScope())).toThrow(
      /unknown function process.exit/,
    );
  });

  it('never calls functions that the scope data holds', () => {
    let exited = false;
    const fakeProcess = {
      pid: 4242,
      exit: (): void => {
        exited = true;
      },
    };
    const scope = makeScope({ input: { proc: fakeProcess, fn: () => 'called' } });
    expect(evaluateExpression('$input.proc.pid', scope)).toBe(4242);
    expect(() => evaluateExpression('$input.proc.exit()', scope)).toThrow(
      /unknown function \$input.proc.exit/,
    );
    expect(evaluateExpression('$input.proc.exit', scope)).toBeNull();
    expect(evaluateExpression('$input.fn', scope)).toBeNull();
    expect(() => evaluateExpression('$input.fn()', scope)).toThrow(/unknown function \$input.fn/);
    expect(exited).toBe(false);
  });
});
