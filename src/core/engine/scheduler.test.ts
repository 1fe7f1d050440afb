import { describe, expect, it } from 'vitest';
import type { NodeStartEvent } from './events.js';
import { e, gate, n, probeRegistry, run } from './test-support.js';

const trigger = (body: Record<string, unknown>) => ({ trigger: { body, headers: {}, query: {} } });

describe('scheduler', () => {
  it('runs independent branches concurrently', async () => {
    // Each branch waits until the other branch has started: only overlap lets both finish.
    const leftStarted = gate();
    const rightStarted = gate();
    const both =
      (mine: { open(): void }, other: Promise<void>) => async (_: unknown, signal: AbortSignal) => {
        mine.open();
        await Promise.race([
          other,
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
        ]);
        return 'met';
      };
    const { registry } = probeRegistry({
      left: both(leftStarted, rightStarted.promise),
      right: both(rightStarted, leftStarted.promise),
    });
    const { result, events } = await run(
      {
        nodes: [
          n('start', 'textInput'),
          n('left', 'probe', { hook: 'left' }),
          n('right', 'probe', { hook: 'right' }),
          n('join', 'merge'),
        ],
        edges: [e('start', 'left'), e('start', 'right'), e('left', 'join'), e('right', 'join')],
      },
      { registry },
      // Only a guard against a deadlock if the branches ran one after the other.
      { signal: AbortSignal.timeout(10_000) },
    );
    expect(result.status).toBe('success');
    expect(result.outputs).toEqual({ join: { left: 'met', right: 'met' } });
    const order = events.filter((ev) => ev.type === 'node_start' || ev.type === 'node_complete');
    const index = (type: string, id: string) =>
      order.findIndex((ev) => ev.type === type && 'node_id' in ev && ev.node_id === id);
    expect(index('node_start', 'right')).toBeLessThan(index('node_complete', 'left'));
    expect(index('node_start', 'left')).toBeLessThan(index('node_complete', 'right'));
  });

  it('passes $input from the single upstream node and keys several inputs by label', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('a', 'set', { mappings: [{ key: 'x', value: '$input.body.n' }] }),
          n('b', 'set', { mappings: [{ key: 'y', value: '$req.body.n + 1' }] }),
          n('both', 'set', { mappings: [{ key: 'sum', value: '$input.a.x + $input.b.y' }] }),
        ],
        edges: [e('req', 'a'), e('req', 'b'), e('a', 'both'), e('b', 'both')],
      },
      { registry },
      trigger({ n: 2 }),
    );
    expect(result.outputs).toEqual({ both: { sum: 5 } });
  });

  it('routes condition branches and propagates skips, running a merge with what arrived', async () => {
    const { registry } = probeRegistry();
    const workflow = {
      nodes: [
        n('req', 'textInput'),
        n('check', 'condition', { condition: '$req.body.age >= 18' }),
        n('adult', 'set', { mappings: [{ key: 'kind', value: 'adult' }] }),
        n('minor', 'set', { mappings: [{ key: 'kind', value: 'minor' }] }),
        n('minorNote', 'set', { mappings: [{ key: 'note', value: 'needs consent' }] }),
        n('join', 'merge'),
      ],
      edges: [
        e('req', 'check'),
        e('check', 'adult', 'true'),
        e('check', 'minor', 'false'),
        e('minor', 'minorNote'),
        e('adult', 'join'),
        e('minorNote', 'join'),
      ],
    };
    const adult = await run(workflow, { registry }, trigger({ age: 30 }));
    expect(adult.result.outputs).toEqual({ join: { adult: { kind: 'adult' } } });
    expect(adult.result.nodeResults['check']?.output).toEqual({ branch: 'true' });
    expect(adult.result.nodeResults['minor']?.status).toBe('skipped');
    expect(adult.result.nodeResults['minorNote']?.status).toBe('skipped');
    expect(adult.events.some((ev) => ev.type === 'node_start' && ev.node_id === 'minor')).toBe(false);

    const minor = await run(workflow, { registry }, trigger({ age: 12 }));
    expect(minor.result.outputs).toEqual({ join: { minorNote: { note: 'needs consent' } } });
    expect(minor.result.nodeResults['adult']?.status).toBe('skipped');
  });

  it('skips a node whose inputs are all skipped', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('check', 'condition', { condition: 'false' }),
          n('a', 'set'),
          n('b', 'set'),
          n('after', 'merge'),
          n('other', 'set', { mappings: [{ key: 'ok', value: true }] }),
        ],
        edges: [
          e('req', 'check'),
          e('check', 'a', 'true'),
          e('check', 'b', 'true'),
          e('a', 'after'),
          e('b', 'after'),
          e('check', 'other', 'false'),
        ],
      },
      { registry },
    );
    expect(result.nodeResults['after']?.status).toBe('skipped');
    expect(result.outputs).toEqual({ other: { ok: true } });
  });

  it('routes switch cases compared as strings, with a default', async () => {
    const { registry } = probeRegistry();
    const workflow = {
      nodes: [
        n('req', 'textInput'),
        n('route', 'switch', { expression: '$req.body.code', cases: ['200', '404'] }),
        n('ok', 'set', { mappings: [{ key: 'r', value: 'ok' }] }),
        n('missing', 'set', { mappings: [{ key: 'r', value: 'missing' }] }),
        n('other', 'set', { mappings: [{ key: 'r', value: 'other' }] }),
      ],
      edges: [
        e('req', 'route'),
        e('route', 'ok', 'case-0'),
        e('route', 'missing', 'case-1'),
        e('route', 'other', 'default'),
      ],
    };
    const numeric = await run(workflow, { registry }, trigger({ code: 404 }));
    expect(numeric.result.outputs).toEqual({ missing: { r: 'missing' } });
    expect(numeric.result.nodeResults['route']?.output).toEqual({ branch: 'case-1', value: 404 });
    const fallback = await run(workflow, { registry }, trigger({ code: 500 }));
    expect(fallback.result.outputs).toEqual({ other: { r: 'other' } });
  });

  it('skips inactive nodes and their downstream unless another input is live', async () => {
    const { registry } = probeRegistry();
    const { result, events } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('off', 'set', { active: false, mappings: [{ key: 'x', value: 1 }] }),
          n('afterOff', 'set'),
          n('on', 'set', { mappings: [{ key: 'y', value: 2 }] }),
          n('join', 'merge'),
        ],
        edges: [e('req', 'off'), e('off', 'afterOff'), e('req', 'on'), e('off', 'join'), e('on', 'join')],
      },
      { registry },
    );
    expect(result.nodeResults['off']?.status).toBe('skipped');
    expect(result.nodeResults['afterOff']?.status).toBe('skipped');
    expect(result.outputs).toEqual({ join: { on: { y: 2 } } });
    expect(
      events.filter((ev): ev is NodeStartEvent => ev.type === 'node_start').map((ev) => ev.node_id),
    ).toEqual(['req', 'on', 'join']);
  });

  it('does not fire an inactive start node', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      { nodes: [n('req', 'textInput', { active: false }), n('next', 'set')], edges: [e('req', 'next')] },
      { registry },
    );
    expect(result.status).toBe('success');
    expect(result.nodeResults['req']?.status).toBe('skipped');
    expect(result.nodeResults['next']?.status).toBe('skipped');
    expect(result.outputs).toEqual({});
  });

  it('fires only the chosen trigger when startNodeIds is given', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('web', 'textInput'),
          n('clock', 'cron', { cronExpression: '* * * * *' }),
          n('fromWeb', 'set', { mappings: [{ key: 'via', value: 'web' }] }),
          n('fromClock', 'set', { mappings: [{ key: 'via', value: 'clock' }] }),
        ],
        edges: [e('web', 'fromWeb'), e('clock', 'fromClock')],
      },
      { registry },
      {
        startNodeIds: ['clock'],
        trigger: { triggered_by: 'cron', triggered_at: '2024-01-01T00:00:00.000Z' },
      },
    );
    expect(result.outputs).toEqual({ fromClock: { via: 'clock' } });
    expect(result.nodeResults['clock']?.output).toEqual({
      triggered_by: 'cron',
      triggered_at: '2024-01-01T00:00:00.000Z',
    });
    expect(result.nodeResults['web']?.status).toBe('skipped');
  });

  it('exposes only ancestors as $<label>; a skipped ancestor is null', async () => {
    const { registry } = probeRegistry();
    const base = {
      nodes: [
        n('req', 'textInput'),
        n('check', 'condition', { condition: 'false' }),
        n('maybe', 'set', { mappings: [{ key: 'v', value: 1 }] }),
        n('join', 'merge'),
        n('read', 'set', { mappings: [{ key: 'maybe', value: '$maybe' }] }),
        n('sibling', 'set', { mappings: [{ key: 's', value: 1 }] }),
      ],
      edges: [
        e('req', 'check'),
        e('check', 'maybe', 'true'),
        e('check', 'join', 'false'),
        e('maybe', 'join'),
        e('join', 'read'),
        e('req', 'sibling'),
      ],
    };
    const ok = await run(base, { registry });
    expect(ok.result.outputs['read']).toEqual({ maybe: null });

    const bad = {
      ...base,
      nodes: base.nodes.map((node) =>
        node.id === 'read' ? n('read', 'set', { mappings: [{ key: 'x', value: '$sibling.s' }] }) : node,
      ),
    };
    const failed = await run(bad, { registry });
    expect(failed.result.status).toBe('error');
    expect(failed.result.error?.node_label).toBe('read');
    expect(failed.result.error?.message).toContain('$sibling');
  });

  it('never runs sticky notes', async () => {
    const { registry } = probeRegistry();
    const { result, events } = await run(
      { nodes: [n('req', 'textInput'), n('note', 'sticky', { note: 'hello' })], edges: [] },
      { registry },
    );
    expect(result.nodeResults['note']).toBeUndefined();
    expect(events.some((ev) => 'node_id' in ev && ev.node_id === 'note')).toBe(false);
  });
});
