import { describe, expect, it } from 'vitest';
import { ExpressionError, referencedRoots, renderDeep, renderField } from './index.js';
import { makeScope } from './test-support/scope.js';

const render = (value: string): unknown => renderField(value, makeScope());

describe('whole-field expressions keep their native JSON type', () => {
  it.each<[string, unknown]>([
    ['$shape.count', 5],
    ['$shape.count + 1', 6],
    ['  $shape.count + 1  ', 6],
    ['$shape.x', true],
    ['$shape.x ? "y" : "z"', 'y'],
    ['$request.body.items.length > 2 ? "many" : "few"', 'many'],
    ['$request.body.items', [1, 2, 3]],
    ['$request.body', { name: 'Ada', items: [1, 2, 3] }],
    ['$input.missing', null],
    ['$input.nothing ?? "default"', 'default'],
    ['$input.users.filter(u => u.active).length', 2],
    ['$shape.price * 2', 19],
    ['$shape.first + " " + $shape.last', 'Ada Lovelace'],
    ['$vars.limit > 5 && $vars.region == "eu"', true],
    ['$input.users.map(u => u.id)', [1, 2, 3]],
    ['$now', '2024-03-15T13:45:30.123Z'],
    ['$uuid', '00000000-0000-4000-8000-000000000000'],
  ])('%j -> %j', (field, expected) => {
    expect(render(field)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['{{ 1 }}', 1],
    ['{{1}}', 1],
    ['  {{ true }}  ', true],
    ['{{ null }}', null],
    ['{{ "1" }}', '1'],
    ['{{ [1, 2] }}', [1, 2]],
    ['{{ {a: 1} }}', { a: 1 }],
    ['{{ {a: {b: 2}} }}', { a: { b: 2 } }],
    ['{{ $shape.count * 2 }}', 10],
    ['{{ "}}" }}', '}}'],
    ['{{ "{{" }}', '{{'],
    ['{{ $input.users.map(u => ({n: u.name}))[1] }}', { n: 'Grace' }],
  ])('single block %j -> %j', (field, expected) => {
    expect(render(field)).toEqual(expected);
  });

  it('returns the scope value itself (no copy) for a bare reference', () => {
    const scope = makeScope();
    expect(renderField('$request.body', scope)).toBe((scope.nodes.request as { body: unknown }).body);
  });
});

describe('plain text', () => {
  it.each<[string, string]>([
    ['1', '1'],
    ['true', 'true'],
    ['hello', 'hello'],
    ['', ''],
    ['   ', '   '],
    ['Price: $5', 'Price: $5'],
    ['$', '$'],
    ['$ 5', '$ 5'],
    ['$_x', '$_x'],
    ['{ not a block }', '{ not a block }'],
    ['{{ unclosed', '{{ unclosed'],
    ['a } } b', 'a } } b'],
    ['100%', '100%'],
  ])('%j stays %j', (field, expected) => {
    expect(render(field)).toBe(expected);
  });
});

describe('$$ escaping', () => {
  it.each<[string, string]>([
    ['$$', '$'],
    ['$$$$', '$$'],
    ['$$5', '$5'],
    ['a$$b', 'a$b'],
    ['$$input', '$input'],
    ['$$$shape.first', '$Ada'],
    ['cost: $$$shape.price', 'cost: $9.5'],
    ['$${{ 1 }}', '$1'],
    ['{{ "$$" }}', '$'],
    ['{{ "$$x" + 1 }}', '$x1'],
    ['$shape.first costs $$10', 'Ada costs $10'],
  ])('%j -> %j', (field, expected) => {
    expect(render(field)).toBe(expected);
  });
});

describe('templates yield strings', () => {
  it.each<[string, string]>([
    ['Hello $request.body.name!', 'Hello Ada!'],
    ['Hi $shape.first.', 'Hi Ada.'],
    ['Hi $shape.first...', 'Hi Ada...'],
    ['Total: {{ $shape.n * 2 }} items', 'Total: 6 items'],
    ['$shape.first $shape.last', 'Ada Lovelace'],
    ['$shape.first, $shape.last', 'Ada, Lovelace'],
    ['$shape.count items', '5 items'],
    ['$shape.count * 2 items', '5 * 2 items'],
    ['Name: $shape.first', 'Name: Ada'],
    ['x $input["key with space"] y', 'x spaced y'],
    ["x $input['name'] y", 'x Ada y'],
    ['First: $input.users[0].name;', 'First: Ada;'],
    ['Tags: $input.users[2].tags', 'Tags: ["dev","ops"]'],
    ['Obj: $input.nested', 'Obj: {"deep":{"value":42}}'],
    ['Null: [$input.missing]', 'Null: []'],
    ['Nothing: "$input.nothing"', 'Nothing: ""'],
    ['Zero: $input.zero', 'Zero: 0'],
    ['Bool: $shape.x', 'Bool: true'],
    ['Upper: $shape.first.toUpperCase()!', 'Upper: ADA!'],
    ['Joined: $input.users.map(u => u.name).join("+")', 'Joined: Ada+Grace+Linus'],
    ['Call: $shape.first (note)', 'Call: Ada (note)'],
    ['$shape.first (note)', 'Ada (note)'],
    ['$shape.first [draft]', 'Ada [draft]'],
    ['$shape.count . Thanks', '5 . Thanks'],
    ["$shape.first's book", "Ada's book"],
    ['$shape.first?', 'Ada?'],
    ['$shape.price%', '9.5%'],
    ['$shape.first: ok', 'Ada: ok'],
    ['$shape.first; $shape.last', 'Ada; Lovelace'],
    ['{{ $shape.first }} {{ $shape.last }}', 'Ada Lovelace'],
    ['{{ $shape.first }}{{ $shape.last }}', 'AdaLovelace'],
    ['At {{ $now }}', 'At 2024-03-15T13:45:30.123Z'],
    ['Year $now.year()', 'Year 2024'],
    ['id=$uuid', 'id=00000000-0000-4000-8000-000000000000'],
    ['Unclosed {{ $shape.first', 'Unclosed {{ Ada'],
    ['Paren $shape.first(', 'Paren Ada('],
    ['Bracket $input.items[', 'Bracket [1,2,3,4]['],
    ['Mixed {{ $shape.count > 3 ? "big" : "small" }} and $shape.first', 'Mixed big and Ada'],
    ['Region: $vars.region, tax: $global["tax-rate"]', 'Region: eu, tax: 0.2'],
    ['Header: $trigger.headers["content-type"]', 'Header: application/json'],
    ['line1\n$shape.first\nline3', 'line1\nAda\nline3'],
    ['{{ {a: 1} }} and text', '{"a":1} and text'],
    ['$shape.first {{ $shape.last }}', 'Ada Lovelace'],
    ['$shape.first $$ $shape.last', 'Ada $ Lovelace'],
    ['[$shape.first.replace("A", ")")]', '[)da]'],
    ['<$input["a]b"]>', '<>'],
  ])('%j -> %j', (field, expected) => {
    expect(render(field)).toBe(expected);
  });
});

describe('unicode', () => {
  it.each<[string, unknown]>([
    ['Grüße, $shape.first! 🎉', 'Grüße, Ada! 🎉'],
    ['$shape.first…', 'Ada…'],
    ['$shape.first😀', 'Ada😀'],
    ['$shape.first，$shape.last', 'Ada，Lovelace'],
    ['Label: $名前.value', 'Label: unicode label'],
    ['$名前.value', 'unicode label'],
    ['{{ "日本" + "語" }}', '日本語'],
    ['{{ "héllo wörld".toUpperCase() }}', 'HÉLLO WÖRLD'],
    ['Ünïcödé {{ "ok" }} ✓', 'Ünïcödé ok ✓'],
    ['{{ "🎉".length }}', 2],
  ])('%j -> %j', (field, expected) => {
    expect(render(field)).toEqual(expected);
  });
});

describe('errors name the field and the expression', () => {
  it('uses the documented message format', () => {
    expect(() => renderField('$a.__proto__', makeScope({ nodes: { a: {} } }), 'mappings[0].value')).toThrow(
      'Expression error in field "mappings[0].value" ($a.__proto__): property "__proto__" is not accessible',
    );
  });

  it('names the failing reference inside a template', () => {
    let caught: unknown;
    try {
      renderField('Hello $missing.name and $shape.first', makeScope(), 'body.text');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ExpressionError);
    expect((caught as ExpressionError).fieldPath).toBe('body.text');
    expect((caught as ExpressionError).expression).toBe('$missing.name');
    expect((caught as Error).message).toBe(
      'Expression error in field "body.text" ($missing.name): unknown reference $missing',
    );
  });

  it.each([
    ['{{ }}', /empty expression/],
    ['Hi {{ 1 + }}', /syntax error/],
    ['Hi $shape.name(1)', /unknown function \$shape.name/],
    ['$shape.first - $shape.last', /operator - needs numbers/],
    ['{{ $nope }}', /unknown reference \$nope/],
    ['Hi {{ x => 1 }}', /arrow functions can only be passed/],
  ])('%j fails', (field, message) => {
    expect(() => renderField(field, makeScope(), 'f')).toThrow(message);
  });
});

describe('renderDeep', () => {
  it('renders every string in objects and arrays and keeps other values', () => {
    const params = {
      url: 'https://api.example.com/users/$request.body.name',
      count: '$shape.count',
      literal: 7,
      flag: false,
      none: null,
      headers: [
        { key: 'X-Id', value: '$request.headers["x-id"]' },
        { key: 'X-Price', value: '$$5' },
      ],
      nested: { list: ['{{ 1 + 1 }}', 'plain'] },
    };
    expect(renderDeep(params, makeScope())).toEqual({
      url: 'https://api.example.com/users/Ada',
      count: 5,
      literal: 7,
      flag: false,
      none: null,
      headers: [
        { key: 'X-Id', value: 'abc' },
        { key: 'X-Price', value: '$5' },
      ],
      nested: { list: [2, 'plain'] },
    });
  });

  it('does not mutate its input and does not render keys', () => {
    const params = { $shape: '$shape.first' };
    const out = renderDeep(params, makeScope());
    expect(out).toEqual({ $shape: 'Ada' });
    expect(params).toEqual({ $shape: '$shape.first' });
  });

  it('keeps a __proto__ key as a plain own property', () => {
    const params = JSON.parse('{"__proto__": {"polluted": "$shape.first"}}') as unknown;
    const out = renderDeep(params, makeScope()) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 'Ada' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each<[unknown, string]>([
    [{ mappings: [{ value: '$a.__proto__' }] }, 'mappings[0].value'],
    [{ 'odd key': '$nope' }, '["odd key"]'],
    [['$nope'], '[0]'],
    [{ a: { b: { c: '{{ $nope }}' } } }, 'a.b.c'],
  ])('reports the field path %#', (params, path) => {
    expect(() => renderDeep(params, makeScope({ nodes: { a: {} } }))).toThrow(
      `in field ${JSON.stringify(path)}`,
    );
  });

  it('prefixes paths with the given root path', () => {
    expect(() => renderDeep({ x: '$nope' }, makeScope(), 'params')).toThrow('in field "params.x"');
  });

  it('returns non-container values unchanged', () => {
    const date = new Date(0);
    expect(renderDeep(date, makeScope())).toBe(date);
    expect(renderDeep(3, makeScope())).toBe(3);
    expect(renderDeep(null, makeScope())).toBeNull();
  });
});

describe('referencedRoots', () => {
  it.each<[string, string[]]>([
    ['$shape.count + 1', ['shape']],
    ['Hello $request.body.name!', ['request']],
    ['{{ $a.x + $b.y }} and $c', ['a', 'b', 'c']],
    ['$input.items.map(x => $other.get)', ['input', 'other']],
    ['$a $a $a.b', ['a']],
    ['$$notaref', []],
    ['plain text', []],
    ['{{ "$inside" }}', []],
    ['$now and $uuid and $trigger.headers', ['now', 'uuid', 'trigger']],
    ['{{ 1 + }} $ok', ['ok']],
    ['{{ Math.max($x.n, $y.n) }}', ['x', 'y']],
    ['$名前.value', ['名前']],
    ['$credentials.Stripe', ['credentials']],
  ])('%j -> %j', (field, expected) => {
    expect(referencedRoots(field)).toEqual(expected);
  });
});
