import { describe, expect, it } from 'vitest';
import { evaluateExpression, ExpressionError } from './index.js';
import { makeScope } from './test-support/scope.js';

const run = (source: string): unknown => evaluateExpression(source, makeScope());

describe('literals and operators', () => {
  it.each<[string, unknown]>([
    ['1', 1],
    ['1.5e3', 1500],
    ['"double"', 'double'],
    ["'single'", 'single'],
    ['"esc\\"aped\\n"', 'esc"aped\n'],
    ['true', true],
    ['false', false],
    ['null', null],
    ['[1, "a", null, [2]]', [1, 'a', null, [2]]],
    ['[]', []],
    ['{a: 1, "b c": 2, 3: "x"}', { a: 1, 'b c': 2, '3': 'x' }],
    ['{}', {}],
    ['{a: {b: [1, {c: 2}]}}', { a: { b: [1, { c: 2 }] } }],
    ['{a: 1,}', { a: 1 }],
    ['{a: 1}.a', 1],
    ['[10, 20][1]', 20],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['2 * 3 % 4', 2],
    ['7 / 2', 3.5],
    ['7 % 3', 1],
    ['1 / 0', Infinity],
    ['-5 + 2', -3],
    ['-(2 + 3)', -5],
    ['"a" + "b"', 'ab'],
    ['"n=" + 5', 'n=5'],
    ['5 + "px"', '5px'],
    ['"x" + null', 'xnull'],
    ['"x" + true', 'xtrue'],
    ['"list: " + [1, 2]', 'list: [1,2]'],
    ['"obj: " + {a: 1}', 'obj: {"a":1}'],
    ['1 + 2 + "3"', '33'],
    ['1 < 2', true],
    ['2 <= 2', true],
    ['3 > 4', false],
    ['"b" > "a"', true],
    ['"10" < "9"', true],
    ['1 == 1', true],
    ['1 === 1', true],
    ['1 == "1"', false],
    ['0 == false', false],
    ['"a" != "b"', true],
    ['1 !== 1', false],
    ['[1] == [1]', false],
    ['true && "yes"', 'yes'],
    ['0 && "yes"', 0],
    ['"" || "fallback"', 'fallback'],
    ['"set" || "fallback"', 'set'],
    ['null ?? "d"', 'd'],
    ['0 ?? "d"', 0],
    ['"" ?? "d"', ''],
    ['!true', false],
    ['!0', true],
    ['!![]', true],
    ['true ? 1 : 2', 1],
    ['0 ? 1 : 2', 2],
    ['1 > 2 ? "a" : 3 > 2 ? "b" : "c"', 'b'],
    ['null ?? false || "x"', 'x'],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('short-circuits: the right side of && || ?? is not evaluated when not needed', () => {
    expect(run('false && $nope')).toBe(false);
    expect(run('true || $nope')).toBe(true);
    expect(run('1 ?? $nope')).toBe(1);
    expect(run('true ? 1 : $nope')).toBe(1);
  });

  it.each([
    ['"a" - 1', /operator - needs numbers, got string and number/],
    ['null + 1', /operator \+ needs numbers or a string, got null and number/],
    ['[1] + [2]', /operator \+ needs numbers or a string/],
    ['"5" * 2', /operator \* needs numbers/],
    ['1 < "2"', /needs two numbers or two strings, got number and string/],
    ['null > 2', /needs two numbers or two strings/],
    ['-"x"', /unary - needs a number, got string/],
    ['1 | 2', /operator \| is not supported/],
    ['1 & 2', /operator & is not supported/],
    ['2 ** 3', /operator \*\* is not supported/],
    ['~1', /operator ~ is not supported/],
    ['1 << 2', /operator << is not supported/],
  ])('%s is a type or syntax error', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });
});

describe('roots and paths', () => {
  it.each<[string, unknown]>([
    ['$input.name', 'Ada'],
    ['$input.items', [1, 2, 3, 4]],
    ['$input.items[0]', 1],
    ['$input.items[3]', 4],
    ['$input.items.length', 4],
    ['$input["key with space"]', 'spaced'],
    ["$input['name']", 'Ada'],
    ['$input.nested.deep.value', 42],
    ['$input.users[2].tags[1]', 'ops'],
    ['$input.users[1]["name"]', 'Grace'],
    ['$input.items[$input.items.length - 1]', 4],
    ['$input.name[0]', 'A'],
    ['$input.name.length', 3],
    ['$request.body.name', 'Ada'],
    ['$request.headers["x-id"]', 'abc'],
    ['$shape.count + 1', 6],
    ['$list[1].id', 'b'],
    ['$名前.value', 'unicode label'],
    ['$constructor.ok', true],
    ['$trigger.headers["content-type"]', 'application/json'],
    ['$trigger.body.event', 'push'],
    ['$vars.region', 'eu'],
    ['$global.company', 'Skein'],
    ['$global["tax-rate"]', 0.2],
    ['$credentials.Stripe', 'sk_test_123'],
    ['$input.zero', 0],
    ['$input.empty', ''],
    ['$input?.nested?.deep.value', 42],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it.each([
    '$input.missing',
    '$input.missing.deeper.still',
    '$input.items[10]',
    '$input.items[-1]',
    '$input.items[1.5]',
    '$input.items.foo',
    '$input.nothing.x',
    '$input.name.first',
    '$input.zero.x',
    '$input["nope"]["nope"]',
    '$input.users[9].name',
    '$shape.count.value',
    '$input.items.map',
    '$input.__lookupGetter__',
    '$input.hasOwnProperty',
  ])('missing path %s gives null', (source) => {
    expect(run(source)).toBeNull();
  });

  it('gives null for roots that the scope leaves out', () => {
    const scope = { input: undefined, nodes: {} };
    expect(evaluateExpression('$input', scope)).toBeNull();
    expect(evaluateExpression('$vars.x', scope)).toBeNull();
    expect(evaluateExpression('$global.x', scope)).toBeNull();
    expect(evaluateExpression('$credentials.x', scope)).toBeNull();
    expect(evaluateExpression('$trigger.headers', scope)).toBeNull();
  });

  it('refuses unknown roots and bare names', () => {
    expect(() => run('$nope')).toThrow(/unknown reference \$nope/);
    expect(() => run('$nope.x')).toThrow(/unknown reference \$nope/);
    expect(() => run('foo')).toThrow(/unknown reference foo/);
    expect(() => run('Math')).toThrow(/Math is not a value/);
  });

  it('prefers builtin roots over node labels of the same name', () => {
    const scope = makeScope({ input: 'the input', nodes: { input: 'a node' } });
    expect(evaluateExpression('$input', scope)).toBe('the input');
  });

  it('reads only own data properties: getters never run and functions are not values', () => {
    let called = false;
    const input = {
      plain: 1,
      get secret(): string {
        called = true;
        return 'leaked';
      },
      fn: () => 'x',
    };
    const scope = makeScope({ input });
    expect(evaluateExpression('$input.secret', scope)).toBeNull();
    expect(evaluateExpression('$input.fn', scope)).toBeNull();
    expect(evaluateExpression('$input.plain', scope)).toBe(1);
    expect(called).toBe(false);
  });

  it('does not see inherited properties of class instances', () => {
    class Thing {
      own = 'mine';
      get inherited(): string {
        return 'nope';
      }
    }
    const scope = makeScope({ input: new Thing() });
    expect(evaluateExpression('$input.own', scope)).toBe('mine');
    expect(evaluateExpression('$input.inherited', scope)).toBeNull();
  });

  it('rejects non-string non-number computed keys', () => {
    expect(() => run('$input[["name"]]')).toThrow(/property key must be a string or a number, not array/);
    expect(() => run('$input[null]')).toThrow(/property key must be a string or a number, not null/);
    expect(() => run('$input[true]')).toThrow(/not boolean/);
  });
});

describe('arrow functions', () => {
  it.each<[string, unknown]>([
    ['$input.items.map(x => x * 2)', [2, 4, 6, 8]],
    ['$input.items.map((x, i) => x + i)', [1, 3, 5, 7]],
    ['$input.items.map(() => 0)', [0, 0, 0, 0]],
    ['$input.items.map((x) => x)', [1, 2, 3, 4]],
    ['$input.items.filter(x => x % 2 == 0)', [2, 4]],
    ['$input.items.find(x => x > 2)', 3],
    ['$input.items.find(x => x > 9)', null],
    ['$input.items.some(x => x > 3)', true],
    ['$input.items.every(x => x > 3)', false],
    ['$input.users.filter(u => u.active).map(u => u.name)', ['Ada', 'Linus']],
    ['$input.users.map(u => u.tags.length)', [1, 0, 2]],
    ['$input.users.map(u => ({id: u.id, n: u.name}))[0]', { id: 1, n: 'Ada' }],
    ['$input.users.map(u => {id: u.id}).length', 3],
    ['$input.items.map(x => x > 2 ? "big" : "small")', ['small', 'small', 'big', 'big']],
    ['$input.items.map(x => $input.items.filter(y => y < x).length)', [0, 1, 2, 3]],
    ['$input.users.map(u => u.missing ?? "none")', ['none', 'none', 'none']],
    ['[[1, 2], [3]].map(xs => xs.map(x => x * 10))', [[10, 20], [30]]],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('gives object literals their shorthand form', () => {
    expect(run('$input.items.map(x => {x})')).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }, { x: 4 }]);
  });

  it.each([
    ['x => x', /arrow functions can only be passed to map, filter, find, some or every/],
    ['[x => x]', /arrow functions can only be passed/],
    ['$input.items.join(x => x)', /arrow functions can only be passed/],
    ['$input.users.map({id: 1})', /map\(\) needs an arrow function such as x => x.id/],
    ['$input.items.filter()', /filter\(\) needs an arrow function/],
    ['null == undefinedThing', /unknown reference undefinedThing/],
    ['(x => x)(1)', /unknown function/],
    ['$input.items.map(x => y)', /unknown reference y/],
    ['$input.items.map(($x) => 1)', /\$x cannot be used as an arrow function parameter/],
    ['$input.items.map(Math => 1)', /Math cannot be used/],
    ['$input.items.map((a, a) => 1)', /duplicate arrow function parameter/],
    ['$input.items.map((a, b, c) => 1)', /at most two parameters/],
    ['$input.items.map(1 => 1)', /arrow function parameters must be plain names/],
    ['$input.items.map((a.b) => 1)', /arrow function parameters must be plain names/],
    ['$input.items.map(x => x())', /unknown function x/],
  ])('%s is refused', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });

  it('scopes arrow parameters to their body', () => {
    expect(() => run('$input.items.map(x => x).concat(x)')).toThrow(ExpressionError);
    expect(run('$input.items.map(x => $input.items.map(y => x * y)[0])')).toEqual([1, 2, 3, 4]);
  });
});

describe('$now and $uuid', () => {
  it.each<[string, unknown]>([
    ['$now', '2024-03-15T13:45:30.123Z'],
    ['$now.toISOString()', '2024-03-15T13:45:30.123Z'],
    ['$now.toString()', '2024-03-15T13:45:30.123Z'],
    ['$now.getTime()', 1710510330123],
    ['$now.toMillis()', 1710510330123],
    ['$now.toSeconds()', 1710510330],
    ['$now.date()', '2024-03-15'],
    ['$now.year()', 2024],
    ['$now.month()', 3],
    ['$now.day()', 15],
    ['$now.hour()', 13],
    ['$now.minute()', 45],
    ['$now.second()', 30],
    ['$now.weekday()', 5],
    ['$now.plus(1, "day").date()', '2024-03-16'],
    ['$now.minus(2, "hours").hour()', 11],
    ['$now.plus(90, "minutes")', '2024-03-15T15:15:30.123Z'],
    ['$now.plus(1, "week").day()', 22],
    ['"at " + $now', 'at 2024-03-15T13:45:30.123Z'],
    ['[$now][0]', '2024-03-15T13:45:30.123Z'],
    ['{t: $now}.t', '2024-03-15T13:45:30.123Z'],
    ['$now > "2024-01-01"', true],
    ['JSON.stringify($now)', '"2024-03-15T13:45:30.123Z"'],
    ['$uuid', '00000000-0000-4000-8000-000000000000'],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('defaults $now to the current time and $uuid to a fresh v4 uuid per use', () => {
    const scope = { input: null, nodes: {} };
    const before = Date.now();
    const now = Date.parse(evaluateExpression('$now', scope) as string);
    expect(now).toBeGreaterThanOrEqual(before - 1);
    const [a, b] = evaluateExpression('[$uuid, $uuid]', scope) as string[];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('explains misuse of $now', () => {
    expect(() => run('$now.year')).toThrow(/\$now.year is a method: write \$now.year\(\)/);
    expect(() => run('$now.plus(1, "fortnight")')).toThrow(/unit must be one of/);
    expect(() => run('$now.plus("1", "day")')).toThrow(/expects a number amount/);
    expect(() => run('$now.split(",")')).toThrow(/split\(\) is not available on date/);
  });
});

describe('ExpressionError', () => {
  it('is an AppError with code expression_error, status 422 and the expression in the message', () => {
    let caught: unknown;
    try {
      run('$input.items.nope()');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ExpressionError);
    const error = caught as ExpressionError;
    expect(error.code).toBe('expression_error');
    expect(error.status).toBe(422);
    expect(error.message).toBe('Expression error ($input.items.nope()): unknown function $input.items.nope');
    expect(error.expression).toBe('$input.items.nope()');
    expect(error.kind).toBe('reference');
  });

  it('reports syntax errors with the position', () => {
    expect(() => run('1 +')).toThrow(/syntax error: Expected expression after \+ at character 3/);
    expect(() => run('')).toThrow(/empty expression/);
    expect(() => run('1 2')).toThrow(/expected a single expression/);
    expect(() => run('(1, 2)')).toThrow(
      /comma-separated lists are only allowed as arrow function parameters/,
    );
    expect(() => run('{a 1}')).toThrow(/syntax error/);
    expect(() => run('"unclosed')).toThrow(/Unclosed quote/);
  });
});
