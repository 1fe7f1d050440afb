import { describe, expect, it } from 'vitest';
import { ancestors, buildGraph, loopBody, startNodes, terminalNodes } from './graph.js';
import { findCycles } from './cycles.js';
import { doc, edge, node } from './test-builders.js';

describe('graph helpers', () => {
  const workflow = doc(
    [
      node('a', 'textInput'),
      node('b', 'set'),
      node('c', 'set'),
      node('d', 'merge'),
      node('note', 'sticky'),
      node('onFail', 'errorHandler'),
      node('log', 'consoleLog'),
    ],
    [edge('a', 'b'), edge('a', 'c'), edge('b', 'd'), edge('c', 'd'), edge('onFail', 'log')],
  );

  it('finds start nodes, excluding sticky notes and error handlers', () => {
    expect(startNodes(workflow).map((n) => n.id)).toEqual(['a']);
  });

  it('finds terminal nodes', () => {
    expect(terminalNodes(workflow).map((n) => n.id)).toEqual(['d', 'log']);
  });

  it('lists ancestors over every path', () => {
    expect([...ancestors(buildGraph(workflow), 'd')].sort()).toEqual(['a', 'b', 'c']);
    expect(ancestors(buildGraph(workflow), 'a').size).toBe(0);
  });

  it('treats a loop-back edge as outside the DAG and computes the loop body', () => {
    const looped = doc(
      [node('start', 'textInput'), node('each', 'loop'), node('work', 'set'), node('after', 'output')],
      [
        edge('start', 'each'),
        edge('each', 'work', 'loop'),
        edge('work', 'each', undefined, 'loop'),
        edge('each', 'after', 'done'),
      ],
    );
    const graph = buildGraph(looped);
    expect(graph.loopBack.get('each')?.map((e) => e.source)).toEqual(['work']);
    expect(findCycles(graph)).toEqual([]);
    expect([...loopBody(graph, 'each')]).toEqual(['work']);
    expect([...ancestors(graph, 'after')].sort()).toEqual(['each', 'start']);
  });

  it('reports cycles with their nodes and edges', () => {
    const cyclic = doc(
      [node('a', 'set'), node('b', 'set'), node('c', 'set'), node('self', 'set')],
      [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('self', 'self')],
    );
    const cycles = findCycles(buildGraph(cyclic));
    expect(cycles.map((c) => [...c.nodeIds].sort())).toEqual([['a', 'b', 'c'], ['self']]);
    expect(cycles[0]?.edgeIds.sort()).toEqual(['a-out-b', 'b-out-c', 'c-out-a']);
  });
});
