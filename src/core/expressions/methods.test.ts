import { describe, expect, it } from 'vitest';
import { evaluateExpression } from './index.js';
import { makeScope } from './test-support/scope.js';

const run = (source: string): unknown => evaluateExpression(source, makeScope());

describe('string methods', () => {
  it.each<[string, unknown]>([
    ['"abc".length', 3],
    ['"abc".toUpperCase()', 'ABC'],
    ['"ÀÉÎ".toLowerCase()', 'àéî'],
    ['"straße".toUpperCase()', 'STRASSE'],
    ['$input.text.trim()', 'Hello World'],
    ['"a,b,c".split(",")', ['a', 'b', 'c']],
    ['"a,b,c".split(",", 2)', ['a', 'b']],
    ['"abc".split("")', ['a', 'b', 'c']],
    ['"abc".split()', ['abc']],
    ['"a-b-a".replace("a", "x")', 'x-b-a'],
    ['"a-b-a".replaceAll("a", "x")', 'x-b-x'],
    ['"abc".replaceAll("", "-")', '-a-b-c-'],
    ['"price".replace("price", "$$&")', '$&'],
    ['"a.b".replace(".", "$$1")', 'a$1b'],
    ['"hello".includes("ell")', true],
    ['"hello".startsWith("he")', true],
    ['"hello".endsWith("lo")', true],
    ['"hello".endsWith("x")', false],
    ['"hello".slice(1, 3)', 'el'],
    ['"hello".slice(-2)', 'lo'],
    ['"hello".slice()', 'hello'],
    ['$input.name.toUpperCase().toLowerCase()', 'ada'],
    ['"😀x".length', 3],
    ['"日本語".slice(1)', '本語'],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it.each([
    ['"abc".includes(1)', /includes\(\) expects a string as argument 1, got number/],
    ['"abc".replace(/b/, "x")', /syntax error/],
    ['"abc".slice("1")', /slice\(\) expects a number as argument 1, got string/],
    ['"abc".split(1)', /split\(\) expects a string/],
    ['"abc".keys()', /keys\(\) is not available on string/],
    ['"abc".first()', /first\(\) is not available on string/],
    ['"abc".substring(1)', /unknown function "abc".substring/],
    ['"abc".repeat(3)', /unknown function/],
    ['"abc".charCodeAt(0)', /unknown function/],
    ['"abc".length()', /unknown function "abc".length/],
  ])('%s is refused', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });
});

describe('array methods', () => {
  it.each<[string, unknown]>([
    ['[1, 2, 3].length', 3],
    ['[1, 2, 3].join()', '1,2,3'],
    ['[1, 2, 3].join(" | ")', '1 | 2 | 3'],
    ['["a", null, {b: 1}, [2]].join("/")', 'a//{"b":1}/[2]'],
    ['[1, 2, 3, 4].slice(1, 3)', [2, 3]],
    ['[1, 2, 3, 4].slice(-1)', [4]],
    ['[1, 2, 3].includes(2)', true],
    ['["1"].includes(1)', false],
    ['[1, 2, 3].first()', 1],
    ['[1, 2, 3].last()', 3],
    ['[].first()', null],
    ['[].last()', null],
    ['$input.users.last().name', 'Linus'],
    ['$input.users.map(u => u.name).join(", ")', 'Ada, Grace, Linus'],
    ['$input.users.filter(u => u.tags.includes("dev")).first().id', 3],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it.each([
    ['[1].push(2)', /unknown function \[…\]\.push/],
    ['[3, 1].sort()', /unknown function/],
    ['[1].reduce((a, b) => a)', /unknown function/],
    ['[1].forEach(x => x)', /unknown function/],
    ['[1].keys()', /keys\(\) is not available on array/],
    ['[1].toUpperCase()', /toUpperCase\(\) is not available on array/],
  ])('%s is refused', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });

  it('does not mutate the scope data', () => {
    const scope = makeScope();
    evaluateExpression('$input.items.slice(1).map(x => x)', scope);
    expect((scope.input as { items: number[] }).items).toEqual([1, 2, 3, 4]);
  });
});

describe('object methods', () => {
  it.each<[string, unknown]>([
    ['{a: 1, b: 2}.keys()', ['a', 'b']],
    ['{a: 1, b: 2}.values()', [1, 2]],
    ['$input.nested.keys()', ['deep']],
    ['$vars.values()', ['eu', 10]],
    ['{}.keys().length', 0],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('values() skips getters', () => {
    const input = {
      a: 1,
      get b(): number {
        throw new Error('getter ran');
      },
    };
    expect(evaluateExpression('$input.values()', makeScope({ input }))).toEqual([1, null]);
  });

  it('a whitelisted method on a missing path gives null', () => {
    expect(run('$input.missing.toUpperCase()')).toBeNull();
    expect(run('$input.missing.keys()')).toBeNull();
    expect(run('$input.missing.map(x => x)')).toBeNull();
  });

  it.each([
    ['(5).toUpperCase()', /toUpperCase\(\) is not available on number/],
    ['true.keys()', /keys\(\) is not available on boolean/],
    ['{a: 1}.entries()', /unknown function/],
    ['{a: 1}.hasOwnProperty("a")', /unknown function/],
    ['{a: 1}.toString()', /toString\(\) is not available on object/],
  ])('%s is refused', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });
});

describe('global functions', () => {
  it.each<[string, unknown]>([
    ['JSON.stringify({a: [1, "x"]})', '{"a":[1,"x"]}'],
    ['JSON.stringify({a: 1}, null, 2)', '{\n  "a": 1\n}'],
    ['JSON.stringify("é")', '"é"'],
    ['JSON.stringify(null)', 'null'],
    ['JSON.parse("{\\"a\\": [1, 2]}").a[1]', 2],
    ['JSON.parse("3")', 3],
    ['JSON.parse(JSON.stringify($input.users)).length', 3],
    ['Math.abs(-3)', 3],
    ['Math.ceil(1.2)', 2],
    ['Math.floor(1.8)', 1],
    ['Math.round(2.5)', 3],
    ['Math.min(3, 1, 2)', 1],
    ['Math.max(3, 1, 2)', 3],
    ['Math.max()', -Infinity],
    ['Math.pow(2, 10)', 1024],
    ['Math.sqrt(16)', 4],
    ['Math.trunc(-4.7)', -4],
    ['Math.sign(-3)', -1],
    ['Math.PI > 3.14', true],
    ['Math.round(Math.E * 100)', 272],
    ['Number("42")', 42],
    ['Number("4.5e1")', 45],
    ['Number(true)', 1],
    ['Number(null)', 0],
    ['Number("abc")', NaN],
    ['Number([5])', NaN],
    ['String(42)', '42'],
    ['String(null)', 'null'],
    ['String([1, {a: 2}])', '[1,{"a":2}]'],
    ['String()', ''],
    ['Boolean("")', false],
    ['Boolean("x")', true],
    ['Boolean(0)', false],
    ['Boolean([])', true],
  ])('%s -> %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('Math.random() gives a number in [0, 1)', () => {
    const value = run('Math.random()') as number;
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
  });

  it.each([
    ['JSON.parse("{bad")', /JSON.parse\(\): /],
    ['JSON.parse(1)', /JSON.parse\(\) expects a string, got number/],
    ['JSON.stringify({a: 1}, ["a"])', /replacers are not supported/],
    ['Math.abs("3")', /Math.abs\(\) expects numbers, got string/],
    ['Math.max([1, 2])', /Math.max\(\) expects numbers, got array/],
    ['Math.cbrt(8)', /unknown function Math.cbrt/],
    ['Math.LN2', /Math.LN2 is not a value/],
    ['JSON.foo()', /unknown function JSON.foo/],
    ['Date.now()', /unknown function Date.now/],
    ['Object.keys($input)', /unknown reference Object/],
    ['parseInt("1")', /unknown function parseInt/],
    ['Array(3)', /unknown function Array/],
    ['Number.parseFloat("1")', /unknown function Number.parseFloat/],
  ])('%s is refused', (source, message) => {
    expect(() => run(source)).toThrow(message);
  });
});
