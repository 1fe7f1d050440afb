import { describe, expect, it } from 'vitest';
import type { WorkflowDocument } from '../api/types';
import { ancestorsOf, parentsOf } from './ancestors';
import { sourceHandles, targetHandles } from './handles';
import { documentToFlow, flowToDocument, uniqueLabel } from './mapping';

const doc: WorkflowDocument = {
  nodes: [
    {
      id: 'n1',
      type: 'textInput',
      position: { x: 0, y: 0 },
      data: { label: 'request', inputFields: [{ key: 'name' }] },
    },
    {
      id: 'n2',
      type: 'condition',
      position: { x: 240.4, y: 10 },
      data: { label: 'check', condition: '$request.body.ok' },
      width: 180,
    },
    { id: 'n3', type: 'output', position: { x: 480, y: 0 }, data: { label: 'yes', value: 'Y' } },
    { id: 'n4', type: 'sticky', position: { x: 0, y: 200 }, data: { label: 'note', note: 'hi' } },
  ],
  edges: [
    { id: 'e1', source: 'n1', target: 'n2' },
    { id: 'e2', source: 'n2', target: 'n3', sourceHandle: 'true', animated: true },
  ],
};

describe('document <-> xyflow mapping', () => {
  it('maps nodes to renderers and keeps the Skein type and data', () => {
    const { nodes, edges } = documentToFlow(doc);
    expect(nodes.map((n) => n.type)).toEqual(['skein', 'skein', 'skein', 'sticky']);
    expect(nodes[1]!.data).toEqual({ kind: 'condition', params: doc.nodes[1]!.data, extra: { width: 180 } });
    expect(edges[0]).toMatchObject({ id: 'e1', sourceHandle: null, targetHandle: null });
    expect(edges[1]).toMatchObject({
      sourceHandle: 'true',
      label: 'true',
      data: { extra: { animated: true } },
    });
  });

  it('round-trips the document, extra members included (positions rounded)', () => {
    const { nodes, edges } = documentToFlow(doc);
    const back = flowToDocument(nodes, edges);
    expect(back.edges).toEqual(doc.edges);
    expect(back.nodes[1]).toEqual({ ...doc.nodes[1], position: { x: 240, y: 10 } });
    expect(back.nodes.filter((_, i) => i !== 1)).toEqual(doc.nodes.filter((_, i) => i !== 1));
  });

  it('drops canvas-only state (selection, measured size) and empty handles', () => {
    const { nodes, edges } = documentToFlow(doc);
    const touched = nodes.map((n) => ({
      ...n,
      selected: true,
      measured: { width: 1, height: 2 },
      dragging: false,
    }));
    const back = flowToDocument(
      touched,
      edges.map((e) => ({ ...e, selected: true, sourceHandle: e.sourceHandle ?? '' })),
    );
    expect(back.nodes.every((n) => !('selected' in n) && !('measured' in n))).toBe(true);
    expect(back.edges[0]).toEqual({ id: 'e1', source: 'n1', target: 'n2' });
  });

  it('makes unique labels that match the label pattern', () => {
    expect(uniqueLabel('condition', ['condition_1'])).toBe('condition_2');
    expect(uniqueLabel('9lives', [])).toBe('_9lives_1');
    expect(uniqueLabel('a-b', [])).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });
});

describe('graph helpers', () => {
  it('finds parents and ancestors, nearest first, through cycles', () => {
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'x', target: 'c' },
      { source: 'c', target: 'b' },
    ];
    expect(parentsOf('c', edges)).toEqual(['b', 'x']);
    expect(ancestorsOf('c', edges)).toEqual(['b', 'x', 'a']);
  });

  it('lists handles: condition branches, switch cases, error handle, loop target', () => {
    const info = (source: string[], target: string[] = [], group = 'logic') => ({
      type: 't',
      group,
      description: '',
      schema: {},
      handles: { source, target, dynamic: false },
      raw_fields: [],
      docs: '',
    });
    expect(sourceHandles('condition', { label: 'c' }, info(['true', 'false'])).map((h) => h.id)).toEqual([
      'true',
      'false',
    ]);
    expect(
      sourceHandles('switch', { label: 's', cases: ['a', 'b'] }, info(['default'])).map((h) => h.label),
    ).toEqual(['case-0: a', 'case-1: b', 'default']);
    expect(sourceHandles('set', { label: 's', onErrorEnabled: true }, info([])).map((h) => h.id)).toEqual([
      null,
      'error',
    ]);
    expect(targetHandles('loop', info(['loop', 'done'], ['loop'])).map((h) => h.id)).toEqual([null, 'loop']);
    expect(targetHandles('textInput', info([], [], 'trigger'))).toEqual([]);
    expect(sourceHandles('sticky', { label: 'n' }, undefined)).toEqual([]);
  });
});
