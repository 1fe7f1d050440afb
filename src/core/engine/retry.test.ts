import { describe, expect, it } from 'vitest';
import type { NodeRetryEvent } from './events.js';
import { runWorkflow } from './run.js';
import { e, n, probeRegistry, request, run } from './test-support.js';

const retries = (events: { type: string }[]) =>
  events.filter((ev): ev is NodeRetryEvent => ev.type === 'node_retry');

describe('retries', () => {
  const flaky = (data: Record<string, unknown>) => ({
    nodes: [n('req', 'textInput'), n('call', 'flaky', data)],
    edges: [e('req', 'call')],
  });

  it('retries a failing node, emitting node_retry and recording attempts', async () => {
    const { registry } = probeRegistry();
    const { result, events } = await run(
      flaky({ failures: 2, retryEnabled: true, retryMaxAttempts: 3, retryWaitSeconds: 0 }),
      { registry },
    );
    expect(result.status).toBe('success');
    expect(result.nodeResults['call']).toMatchObject({
      status: 'success',
      attempts: 3,
      output: { calls: 3 },
    });
    expect(retries(events)).toEqual([
      { type: 'node_retry', node_id: 'call', attempt: 2, max_attempts: 3 },
      { type: 'node_retry', node_id: 'call', attempt: 3, max_attempts: 3 },
    ]);
    expect(events.filter((ev) => ev.type === 'node_start' && ev.node_id === 'call')).toHaveLength(1);
  });

  it('fails after the last attempt', async () => {
    const { registry } = probeRegistry();
    const { result, events } = await run(
      flaky({ failures: 5, retryEnabled: true, retryMaxAttempts: 2, retryWaitSeconds: 0 }),
      { registry },
    );
    expect(result.status).toBe('error');
    expect(result.nodeResults['call']).toMatchObject({
      status: 'error',
      attempts: 2,
      error: 'failed on call 2',
    });
    expect(retries(events)).toHaveLength(1);
  });

  it('does not retry a non-retriable error', async () => {
    const { registry, calls } = probeRegistry();
    const { result, events } = await run(
      flaky({ failures: 1, retriable: false, retryEnabled: true, retryMaxAttempts: 5, retryWaitSeconds: 0 }),
      { registry },
    );
    expect(result.nodeResults['call']).toMatchObject({
      status: 'error',
      attempts: 1,
      error: 'refused on call 1',
    });
    expect(calls.get('call')).toBe(1);
    expect(retries(events)).toEqual([]);
  });

  it('does not retry when retries are off', async () => {
    const { registry, calls } = probeRegistry();
    const { result } = await run(flaky({ failures: 1 }), { registry });
    expect(result.nodeResults['call']?.attempts).toBe(1);
    expect(calls.get('call')).toBe(1);
  });

  it('uses the default policy and stops waiting when the run is cancelled', async () => {
    const { registry, calls } = probeRegistry();
    const controller = new AbortController();
    const seen: NodeRetryEvent[] = [];
    const result = await runWorkflow(
      request(flaky({ failures: 10, retryEnabled: true }), { signal: controller.signal }),
      {
        registry,
        onEvent: (event) => {
          if (event.type !== 'node_retry') return;
          seen.push(event);
          controller.abort();
        },
      },
    );
    expect(seen).toEqual([{ type: 'node_retry', node_id: 'call', attempt: 2, max_attempts: 3 }]);
    expect(result.status).toBe('cancelled');
    expect(result.nodeResults['call']).toMatchObject({ status: 'cancelled', attempts: 1 });
    expect(calls.get('call')).toBe(1);
  });
});
