import { describe, expect, it } from 'vitest';
import type { NodeCompleteEvent } from './events.js';
import { e, n, probeRegistry, run } from './test-support.js';

const items = (list: unknown[]) => ({ trigger: { body: { items: list }, headers: {}, query: {} } });

describe('loop', () => {
  const simple = {
    nodes: [
      n('req', 'textInput'),
      n('each', 'loop', { items: '$req.body.items' }),
      n('double', 'set', {
        mappings: [
          { key: 'value', value: '$input.item * 2' },
          { key: 'at', value: '$each.index' },
          { key: 'of', value: '$input.total' },
        ],
      }),
      n('after', 'output', { value: '$each.results' }),
    ],
    edges: [
      e('req', 'each'),
      e('each', 'double', 'loop'),
      e('double', 'each', undefined, 'loop'),
      e('each', 'after', 'done'),
    ],
  };

  it('runs the body once per item, in order, and emits {results} on done', async () => {
    const { registry } = probeRegistry();
    const { result, events } = await run(simple, { registry }, items([1, 2, 3]));
    expect(result.status).toBe('success');
    expect(result.outputs).toEqual({
      after: [
        { value: 2, at: 0, of: 3 },
        { value: 4, at: 1, of: 3 },
        { value: 6, at: 2, of: 3 },
      ],
    });
    expect(result.nodeResults['each']?.output).toEqual({ results: result.outputs['after'] });
    const bodyCompletes = events.filter(
      (ev): ev is NodeCompleteEvent => ev.type === 'node_complete' && ev.node_id === 'double',
    );
    expect(bodyCompletes.map((ev) => ev.output)).toEqual(result.outputs['after']);
  });

  it('handles an empty or null item list', async () => {
    const { registry } = probeRegistry();
    const empty = await run(simple, { registry }, items([]));
    expect(empty.result.outputs).toEqual({ after: [] });
    expect(empty.result.nodeResults['double']?.status).toBe('skipped');
    const missing = await run(simple, { registry }, { trigger: { body: {}, headers: {}, query: {} } });
    expect(missing.result.outputs).toEqual({ after: [] });
  });

  it('fails with a clear message when items is not an array', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      simple,
      { registry },
      { trigger: { body: { items: 'abc' }, headers: {}, query: {} } },
    );
    expect(result.status).toBe('error');
    expect(result.error?.node_label).toBe('each');
    expect(result.error?.message).toContain('"items"');
  });

  it('collects null for an item whose loop-back source was skipped', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('each', 'loop', { items: '$req.body.items' }),
          n('isEven', 'condition', { condition: '$input.item % 2 == 0' }),
          n('keep', 'set', { mappings: [{ key: 'even', value: '$each.item' }] }),
        ],
        edges: [
          e('req', 'each'),
          e('each', 'isEven', 'loop'),
          e('isEven', 'keep', 'true'),
          e('keep', 'each', undefined, 'loop'),
        ],
      },
      { registry },
      items([1, 2, 3, 4]),
    );
    expect(result.outputs).toEqual({ each: { results: [null, { even: 2 }, null, { even: 4 }] } });
  });

  it('runs nested loops', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('rows', 'loop', { items: '$req.body.items' }),
          n('cells', 'loop', { items: '$rows.item' }),
          n('cell', 'set', { mappings: [{ key: 'v', value: '$cells.item * 10 + $rows.index' }] }),
          n('row', 'set', { mappings: [{ key: 'values', value: '$cells.results.map(c => c.v)' }] }),
        ],
        edges: [
          e('req', 'rows'),
          e('rows', 'cells', 'loop'),
          e('cells', 'cell', 'loop'),
          e('cell', 'cells', undefined, 'loop'),
          e('cells', 'row', 'done'),
          e('row', 'rows', undefined, 'loop'),
        ],
      },
      { registry },
      items([[1, 2], [3]]),
    );
    expect(result.status).toBe('success');
    expect(result.outputs).toEqual({ rows: { results: [{ values: [10, 20] }, { values: [31] }] } });
  });

  it('fails the run when a body node fails, naming that node', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('each', 'loop', { items: '$req.body.items' }),
          n('check', 'condition', { condition: '$input.item < 2' }),
          n('ok', 'set', { mappings: [{ key: 'v', value: '$each.item' }] }),
          n('boom', 'throwError', { message: 'too big: $each.item' }),
          n('after', 'output', { value: '$each.results' }),
        ],
        edges: [
          e('req', 'each'),
          e('each', 'check', 'loop'),
          e('check', 'ok', 'true'),
          e('check', 'boom', 'false'),
          e('ok', 'each', undefined, 'loop'),
          e('each', 'after', 'done'),
        ],
      },
      { registry },
      items([1, 5, 1]),
    );
    expect(result.status).toBe('error');
    expect(result.error).toEqual({ message: 'too big: 5', node_label: 'boom', node_id: 'boom' });
    expect(result.nodeResults['each']?.status).toBe('error');
    expect(result.nodeResults['after']?.status).toBe('skipped');
  });

  it('routes a failed body to the loop node error handle when onErrorEnabled', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('each', 'loop', { items: '$req.body.items', onErrorEnabled: true }),
          n('boom', 'throwError', { message: 'bad item' }),
          n('recover', 'output'),
        ],
        edges: [
          e('req', 'each'),
          e('each', 'boom', 'loop'),
          e('boom', 'each', undefined, 'loop'),
          e('each', 'recover', 'error'),
        ],
      },
      { registry },
      items([1]),
    );
    expect(result.status).toBe('success');
    expect(result.outputs).toEqual({ recover: { error: { message: 'bad item', node_label: 'boom' } } });
  });

  it('uses the body sink when there is no loop-back edge', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('each', 'loop', { items: '$req.body.items' }),
          n('upper', 'set', { mappings: [{ key: 'u', value: '$input.item.toUpperCase()' }] }),
        ],
        edges: [e('req', 'each'), e('each', 'upper', 'loop')],
      },
      { registry },
      items(['a', 'b']),
    );
    expect(result.outputs).toEqual({ each: { results: [{ u: 'A' }, { u: 'B' }] } });
  });
});
