import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { WorkflowDocument } from '../workflow/index.js';
import type { RunEvent } from './events.js';
import type { SubWorkflowRequest } from './ports.js';
import { runWorkflow, startRun } from './run.js';
import { e, gate, n, probeRegistry, request, run } from './test-support.js';

describe('runWorkflow', () => {
  it('resolves early at a returnEarly Output node while the rest of the run goes on', async () => {
    const release = gate();
    const { registry } = probeRegistry({
      slow: async () => {
        await release.promise;
        return 'late';
      },
    });
    const events: RunEvent[] = [];
    const handle = startRun(
      request(
        {
          nodes: [
            n('req', 'textInput'),
            n('answer', 'output', { value: '$req.body.greeting', returnEarly: true }),
            n('work', 'probe', { hook: 'slow' }),
            n('after', 'set', { mappings: [{ key: 'v', value: '$work' }] }),
          ],
          edges: [e('req', 'answer'), e('req', 'work'), e('work', 'after')],
        },
        { trigger: { body: { greeting: 'hi' } } },
      ),
      { registry, onEvent: (event) => events.push(event) },
    );
    let finished = false;
    void handle.done.then(() => (finished = true));
    expect(await handle.early).toEqual({ label: 'answer', output: 'hi' });
    expect(finished).toBe(false);
    expect(events.map((ev) => ev.type)).toContain('final_output');
    release.open();
    const result = await handle.done;
    expect(result.earlyOutput).toEqual({ label: 'answer', output: 'hi' });
    expect(result.outputs).toEqual({ answer: 'hi', after: { v: 'late' } });
    expect(events.findIndex((ev) => ev.type === 'final_output')).toBeLessThan(
      events.findIndex((ev) => ev.type === 'node_complete' && ev.node_id === 'work'),
    );
  });

  it('resolves early with null when no node returns early', async () => {
    const { registry } = probeRegistry();
    const handle = startRun(request({ nodes: [n('req', 'textInput')], edges: [] }), { registry });
    expect(await handle.early).toBeNull();
    expect((await handle.done).earlyOutput).toBeUndefined();
  });

  it('makes a sole jsonOutputMapper terminal the response body', async () => {
    const { registry } = probeRegistry();
    const mapper = n('body', 'jsonOutputMapper', {
      mappings: [
        { key: 'name', value: '$req.body.name' },
        { key: 'count', value: '$req.body.items.length' },
      ],
    });
    const sole = await run(
      { nodes: [n('req', 'textInput'), mapper], edges: [e('req', 'body')] },
      { registry },
      { trigger: { body: { name: 'x', items: [1, 2] } } },
    );
    expect(sole.result.responseBody).toEqual({ name: 'x', count: 2 });
    expect(sole.result.outputs).toEqual({ body: { name: 'x', count: 2 } });

    const shared = await run(
      {
        nodes: [n('req', 'textInput'), mapper, n('log', 'consoleLog')],
        edges: [e('req', 'body'), e('req', 'log')],
      },
      { registry },
      { trigger: { body: { name: 'x', items: [] } } },
    );
    expect(shared.result.responseBody).toBeUndefined();
    expect(Object.keys(shared.result.outputs).sort()).toEqual(['body', 'log']);
  });

  it('uses pinned data on test runs only', async () => {
    let called = 0;
    const { registry } = probeRegistry({ count: () => ++called });
    const workflow: WorkflowDocument = {
      nodes: [
        n('req', 'textInput'),
        n('fetch', 'probe', { hook: 'count', pinnedData: { pinned: true } }),
        n('check', 'condition', { condition: 'true', pinnedData: { branch: 'false' } }),
        n('yes', 'set', { mappings: [{ key: 'r', value: 'yes' }] }),
        n('no', 'set', { mappings: [{ key: 'r', value: '$fetch.pinned' }] }),
      ],
      edges: [e('req', 'fetch'), e('fetch', 'check'), e('check', 'yes', 'true'), e('check', 'no', 'false')],
    };
    const test = await run(workflow, { registry }, { testRun: true });
    expect(called).toBe(0);
    expect(test.result.nodeResults['fetch']).toMatchObject({
      status: 'success',
      output: { pinned: true },
      attempts: 0,
    });
    expect(test.result.outputs).toEqual({ no: { r: true } });
    expect(
      test.events.filter((ev) => 'node_id' in ev && ev.node_id === 'fetch').map((ev) => ev.type),
    ).toEqual(['node_start', 'node_complete']);

    const live = await run(workflow, { registry }, { testRun: false });
    expect(called).toBe(1);
    expect(live.result.outputs).toEqual({ yes: { r: 'yes' } });
  });

  it('sets $vars for later nodes and globals through the port', async () => {
    const { registry } = probeRegistry();
    const stored: Array<[string, unknown]> = [];
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('setVar', 'variable', { name: 'count', value: '$req.body.n * 2' }),
          n('setGlobal', 'variable', { name: 'seen', value: 'yes', isGlobal: true }),
          n('read', 'set', {
            mappings: [
              { key: 'count', value: '$vars.count' },
              { key: 'seen', value: '$global.seen' },
              { key: 'old', value: '$global.old' },
            ],
          }),
        ],
        edges: [e('req', 'setVar'), e('setVar', 'setGlobal'), e('setGlobal', 'read')],
      },
      { registry, ports: { setGlobal: (name, value) => void stored.push([name, value]) } },
      { trigger: { body: { n: 21 } }, global: { old: 'kept' } },
    );
    expect(result.outputs).toEqual({ read: { count: 42, seen: 'yes', old: 'kept' } });
    expect(result.nodeResults['setVar']?.output).toEqual({ name: 'count', value: 42 });
    expect(stored).toEqual([['seen', 'yes']]);
  });

  it('keeps running when an event listener throws', async () => {
    const { registry } = probeRegistry();
    const result = await runWorkflow(request({ nodes: [n('req', 'textInput')], edges: [] }), {
      registry,
      onEvent: () => {
        throw new Error('listener broke');
      },
    });
    expect(result.status).toBe('success');
  });
});

describe('sub-workflows', () => {
  const child: WorkflowDocument = {
    nodes: [n('req', 'textInput'), n('result', 'output', { value: '$req.body.x * 10' })],
    edges: [e('req', 'result')],
  };
  const parent: WorkflowDocument = {
    nodes: [
      n('req', 'textInput'),
      n('call', 'execute', { workflowId: 'child', inputs: [{ key: 'x', value: '$req.body.x' }] }),
      n('out', 'output', { value: '$call.outputs.result' }),
    ],
    edges: [e('req', 'call'), e('call', 'out')],
  };

  it('runs a child through the subWorkflow port with depth + 1', async () => {
    const { registry } = probeRegistry();
    const seen: SubWorkflowRequest[] = [];
    const { result } = await run(
      parent,
      {
        registry,
        ports: {
          subWorkflow: async (req) => {
            seen.push(req);
            const childResult = await runWorkflow(
              request(child, { trigger: { body: req.inputs, headers: {}, query: {} }, depth: req.depth }),
              { registry },
            );
            return { status: childResult.status, outputs: childResult.outputs };
          },
        },
      },
      { trigger: { body: { x: 4 } } },
    );
    expect(result.outputs).toEqual({ out: 40 });
    expect(result.nodeResults['call']?.output).toEqual({ status: 'success', outputs: { result: 40 } });
    expect(seen).toMatchObject([
      { workflowId: 'child', inputs: { x: 4 }, doNotWait: false, depth: 1, triggerSource: 'SUB_WORKFLOW' },
    ]);
  });

  it('refuses to nest deeper than maxDepth', async () => {
    const { registry } = probeRegistry();
    const recursive: WorkflowDocument = {
      nodes: [n('req', 'textInput'), n('again', 'execute', { workflowId: 'self' })],
      edges: [e('req', 'again')],
    };
    const depths: number[] = [];
    const deps = {
      registry,
      ports: {
        subWorkflow: async (req: SubWorkflowRequest) => {
          depths.push(req.depth);
          const childResult = await runWorkflow(request(recursive, { depth: req.depth }), deps);
          return { status: childResult.status, outputs: childResult.outputs };
        },
      },
    };
    const result = await runWorkflow(request(recursive), deps);
    expect(depths).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain(
      'Sub-workflow nesting limit reached: depth 11 exceeds the maximum of 10',
    );

    const shallow = await runWorkflow(request(recursive), { ...deps, maxDepth: 2 });
    expect(shallow.status).toBe('error');
    expect(() => startRun(request(recursive, { depth: 3 }), { ...deps, maxDepth: 2 })).toThrow(
      expect.objectContaining({ code: 'recursion_limit' }),
    );
  });
});

describe('startRun', () => {
  it('refuses an invalid document before running anything', () => {
    const { registry } = probeRegistry();
    let thrown: unknown;
    try {
      startRun(request({ nodes: [n('a', 'nope')], edges: [] }), { registry });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'invalid_workflow', extra: { node_ids: ['a'], edge_ids: [] } });
  });
});

describe('cancellation', () => {
  it('stops a run mid-way: in-flight nodes see the abort, later ones never start', async () => {
    const { registry } = probeRegistry();
    const controller = new AbortController();
    const events: RunEvent[] = [];
    const result = await runWorkflow(
      request(
        {
          nodes: [
            n('req', 'textInput'),
            n('quick', 'set', { mappings: [{ key: 'q', value: 1 }] }),
            n('pause', 'wait', { durationMs: 600_000 }),
            n('after', 'set'),
          ],
          edges: [e('req', 'quick'), e('quick', 'pause'), e('pause', 'after')],
        },
        { signal: controller.signal },
      ),
      {
        registry,
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'node_start' && event.node_id === 'pause') controller.abort();
        },
      },
    );
    expect(result.status).toBe('cancelled');
    expect(result.nodeResults['quick']?.status).toBe('success');
    expect(result.nodeResults['pause']?.status).toBe('cancelled');
    expect(result.nodeResults['after']).toMatchObject({ status: 'cancelled', startedAt: null });
    expect(events.some((ev) => ev.type === 'node_start' && ev.node_id === 'after')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'execution_complete', status: 'cancelled' });
  });

  it('starts nothing when the signal is already aborted', async () => {
    const { registry } = probeRegistry();
    const result = await runWorkflow(
      request({ nodes: [n('req', 'textInput')], edges: [] }, { signal: AbortSignal.abort() }),
      { registry },
    );
    expect(result.status).toBe('cancelled');
    expect(result.nodeResults['req']?.status).toBe('cancelled');
  });
});
