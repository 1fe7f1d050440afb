import { describe, expect, it } from 'vitest';
import type { Execution } from '../api/types';
import type { RunFrame } from '../stream/sse-parser';
import { idleRun, runReducer, type RunState } from './run-state';

const frames = (state: RunState, list: RunFrame[]) =>
  list.reduce((s, frame) => runReducer(s, { type: 'frame', frame }), state);

describe('runReducer', () => {
  it('marks nodes pending, running, success, retried and skipped as frames arrive', () => {
    let state = runReducer(idleRun, { type: 'start', nodeIds: ['a', 'b', 'c'], source: 'live' });
    expect(Object.values(state.nodes).map((n) => n.status)).toEqual(['pending', 'pending', 'pending']);
    state = frames(state, [
      { type: 'execution_started', execution_id: 'e1', server_now_ms: 1 },
      { type: 'node_start', node_id: 'a', node_label: 'a', started_at_ms: 1 },
    ]);
    expect(state.executionId).toBe('e1');
    expect(state.nodes.a!.status).toBe('running');
    state = frames(state, [
      { type: 'node_retry', node_id: 'a', attempt: 2, max_attempts: 3 },
      {
        type: 'node_complete',
        node_id: 'a',
        node_label: 'a',
        status: 'success',
        output: { x: 1 },
        execution_time_ms: 12,
      },
      { type: 'node_start', node_id: 'b', node_label: 'b', started_at_ms: 2, message: '[START] b' },
      {
        type: 'node_complete',
        node_id: 'b',
        node_label: 'b',
        status: 'error',
        output: null,
        error: 'boom',
        execution_time_ms: 3,
      },
      {
        type: 'execution_complete',
        status: 'error',
        outputs: { error: { message: 'boom' } },
        execution_time_ms: 20,
      },
    ]);
    expect(state.nodes.a).toMatchObject({
      status: 'success',
      output: { x: 1 },
      timeMs: 12,
      attempt: 2,
      maxAttempts: 3,
    });
    expect(state.nodes.b).toMatchObject({ status: 'error', error: 'boom', message: '[START] b' });
    expect(state.nodes.c!.status).toBe('skipped');
    expect(state).toMatchObject({ status: 'error', executionTimeMs: 20 });
  });

  it('replays a stored execution', () => {
    const execution = {
      id: 'e2',
      status: 'success',
      execution_time_ms: 5,
      outputs: { y: 1 },
      node_results: {
        a: { label: 'a', status: 'success', output: 1, execution_time_ms: 4, attempts: 1 },
        b: { status: 'skipped', execution_time_ms: 0, attempts: 0 },
      },
    } as unknown as Execution;
    const state = runReducer(idleRun, { type: 'replay', execution });
    expect(state).toMatchObject({ executionId: 'e2', status: 'success', source: 'history' });
    expect(state.nodes.a).toMatchObject({ status: 'success', output: 1, timeMs: 4 });
    expect(state.nodes.b!.status).toBe('skipped');
    expect(state.nodes.b!.timeMs).toBeUndefined();
  });
});
