import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { validateWorkflow } from './validate.js';
import { doc, edge, node } from './test-builders.js';

const known = new Set([
  'textInput',
  'set',
  'condition',
  'switch',
  'loop',
  'merge',
  'sticky',
  'errorHandler',
  'output',
]);

function problemsOf(value: unknown): AppError {
  try {
    validateWorkflow(value, known);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected validateWorkflow to throw');
}

describe('validateWorkflow', () => {
  it('accepts a valid document with branches, a loop and an error handler', () => {
    const valid = doc(
      [
        node('in', 'textInput'),
        node('check', 'condition', { onErrorEnabled: true }),
        node('route', 'switch', { cases: ['a', 'b'] }),
        node('each', 'loop'),
        node('work', 'set'),
        node('out', 'output'),
        node('oops', 'errorHandler'),
        node('note', 'sticky'),
      ],
      [
        edge('in', 'check'),
        edge('check', 'route', 'true'),
        edge('check', 'out', 'false'),
        edge('check', 'out', 'error'),
        edge('route', 'each', 'case-1'),
        edge('route', 'out', 'default'),
        edge('each', 'work', 'loop'),
        edge('work', 'each', undefined, 'loop'),
        edge('each', 'out', 'done'),
      ],
    );
    expect(() => validateWorkflow(valid, known)).not.toThrow();
  });

  it('accepts the extra members an editor sends (measured size, selection, null handles)', () => {
    const fromEditor = {
      name: 'saved',
      nodes: [
        { ...node('a', 'textInput'), measured: { width: 120, height: 40 }, selected: true },
        { ...node('b', 'set'), dragging: false },
      ],
      edges: [{ id: 'e1', source: 'a', target: 'b', sourceHandle: null, targetHandle: null, animated: true }],
    };
    expect(() => validateWorkflow(fromEditor, known)).not.toThrow();
  });

  it('rejects a malformed document with schema paths', () => {
    const error = problemsOf({ nodes: [{ id: 'a', type: 'set', data: {} }], edges: 'x' });
    expect(error.code).toBe('invalid_workflow');
    expect(error.status).toBe(422);
    expect(error.errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining(['nodes[0].position', 'nodes[0].data.label', 'edges']),
    );
  });

  it('rejects unknown node types', () => {
    const error = problemsOf(doc([node('a', 'teleport')]));
    expect(error.errors).toEqual([{ path: 'nodes[0].type', message: 'unknown node type "teleport"' }]);
    expect(error.extra).toEqual({ node_ids: ['a'], edge_ids: [] });
  });

  it('rejects dangling edges', () => {
    const error = problemsOf(doc([node('a', 'set')], [edge('a', 'ghost'), edge('nobody', 'a')]));
    expect(error.errors?.map((e) => e.path)).toEqual(['edges[0].target', 'edges[1].source']);
    expect(error.extra['edge_ids']).toEqual(['a-out-ghost', 'nobody-out-a']);
  });

  it('rejects duplicate node ids and edge ids', () => {
    const error = problemsOf(
      doc(
        [node('a', 'set'), { ...node('a', 'set'), data: { label: 'other' } }, node('b', 'set')],
        [edge('a', 'b'), edge('a', 'b')],
      ),
    );
    expect(error.errors?.map((e) => e.message)).toEqual([
      'duplicate node id "a"',
      'duplicate edge id "a-out-b"',
    ]);
  });

  it('rejects duplicate and malformed labels', () => {
    const error = problemsOf(
      doc([
        node('a', 'set', { label: 'same' }),
        node('b', 'set', { label: 'same' }),
        node('c', 'set', { label: '1 bad' }),
      ]),
    );
    expect(error.errors?.map((e) => e.message)).toEqual([
      'duplicate label "same"',
      'label "1 bad" must start with a letter or _ and contain only letters, digits and _',
    ]);
    expect(error.extra['node_ids']).toEqual(['a', 'b', 'c']);
  });

  it('rejects cycles that are not loop-back edges', () => {
    const error = problemsOf(
      doc(
        [node('a', 'set'), node('b', 'set'), node('each', 'loop')],
        [edge('a', 'b'), edge('b', 'a'), edge('b', 'each')],
      ),
    );
    expect(error.errors).toHaveLength(1);
    expect(error.errors?.[0]?.message).toMatch(/^cycle through/);
    expect(error.extra).toEqual({ node_ids: ['a', 'b'], edge_ids: ['a-out-b', 'b-out-a'] });
  });

  it('rejects an edge into a loop node without the loop target handle when it closes a cycle', () => {
    const error = problemsOf(
      doc([node('each', 'loop'), node('work', 'set')], [edge('each', 'work', 'loop'), edge('work', 'each')]),
    );
    expect(error.errors?.[0]?.message).toMatch(/^cycle through/);
  });

  it('rejects handles the source node does not have', () => {
    const error = problemsOf(
      doc(
        [
          node('c', 'condition'),
          node('s', 'switch', { cases: ['x'] }),
          node('l', 'loop'),
          node('p', 'set'),
          node('t', 'set'),
        ],
        [
          edge('c', 't', 'maybe'),
          edge('c', 't'),
          edge('s', 't', 'case-1'),
          edge('l', 't', 'next'),
          edge('p', 't', 'error'),
          edge('p', 't', 'other'),
        ],
      ),
    );
    expect(error.errors?.map((e) => e.path)).toEqual([
      'edges[0].sourceHandle',
      'edges[1].sourceHandle',
      'edges[2].sourceHandle',
      'edges[3].sourceHandle',
      'edges[4].sourceHandle',
      'edges[5].sourceHandle',
    ]);
    expect(error.errors?.[2]?.message).toContain('expected one of case-0, default');
  });

  it('checks loop bodies are closed and have one loop-back edge', () => {
    const error = problemsOf(
      doc(
        [
          node('in', 'textInput'),
          node('each', 'loop'),
          node('work', 'set'),
          node('side', 'set'),
          node('stray', 'set'),
        ],
        [
          edge('in', 'each'),
          edge('each', 'work', 'loop'),
          edge('in', 'work'),
          edge('work', 'each', undefined, 'loop'),
          edge('stray', 'each', undefined, 'loop'),
          edge('side', 'stray'),
        ],
      ),
    );
    expect(error.errors?.map((e) => e.message)).toEqual([
      'loop "each" has 2 loop-back edges; at most one is allowed',
      'loop-back edge "stray-out-each-loop" into loop "each" does not come from a node in its body',
      'node "work" is in the body of loop "each" but has an input from outside it',
    ]);
  });

  it('rejects edges into an error handler or touching a sticky note', () => {
    const error = problemsOf(
      doc(
        [node('a', 'set'), node('h', 'errorHandler'), node('n', 'sticky')],
        [edge('a', 'h'), edge('n', 'a')],
      ),
    );
    expect(error.errors?.map((e) => e.message)).toEqual([
      'an error handler cannot have incoming edges',
      'sticky notes cannot be connected',
    ]);
  });

  it('reports every problem at once', () => {
    const error = problemsOf(
      doc([node('a', 'teleport', { label: 'x y' }), node('a', 'set')], [edge('a', 'zz')]),
    );
    expect(error.errors?.length).toBe(4);
    expect(error.detail).toContain('(and 3 more)');
  });
});
