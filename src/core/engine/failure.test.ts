import { describe, expect, it } from 'vitest';
import type { NodeCompleteEvent } from './events.js';
import { runWorkflow } from './run.js';
import { e, gate, n, probeRegistry, request, run } from './test-support.js';

describe('node failures', () => {
  it('fails the run with outputs.error and skips the downstream', async () => {
    const { registry } = probeRegistry();
    const { result, events } = await run(
      {
        nodes: [n('req', 'textInput'), n('call', 'flaky', { failures: 1 }), n('after', 'output')],
        edges: [e('req', 'call'), e('call', 'after')],
      },
      { registry },
    );
    expect(result.status).toBe('error');
    expect(result.outputs).toEqual({ error: { message: 'failed on call 1', node_label: 'call' } });
    expect(result.error).toEqual({ message: 'failed on call 1', node_label: 'call', node_id: 'call' });
    expect(result.httpStatus).toBeUndefined();
    expect(result.nodeResults['after']?.status).toBe('skipped');
    const complete = events.find(
      (ev): ev is NodeCompleteEvent => ev.type === 'node_complete' && ev.node_id === 'call',
    );
    expect(complete).toMatchObject({ status: 'error', output: null, error: 'failed on call 1' });
    expect(events.at(-1)).toMatchObject({
      type: 'execution_complete',
      status: 'error',
      outputs: result.outputs,
    });
  });

  it('sends the error out of the error handle when onErrorEnabled, and the run succeeds', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('call', 'flaky', { failures: 1, onErrorEnabled: true }),
          n('normal', 'set', { mappings: [{ key: 'ok', value: true }] }),
          n('fallback', 'set', { mappings: [{ key: 'why', value: '$input.error.message' }] }),
        ],
        edges: [e('req', 'call'), e('call', 'normal'), e('call', 'fallback', 'error')],
      },
      { registry },
    );
    expect(result.status).toBe('success');
    expect(result.outputs).toEqual({ fallback: { why: 'failed on call 1' } });
    expect(result.nodeResults['call']).toMatchObject({
      status: 'error',
      error: 'failed on call 1',
      output: { error: { message: 'failed on call 1', node_label: 'call' } },
    });
    expect(result.nodeResults['normal']?.status).toBe('skipped');
  });

  it('runs the error handler and its downstream when the run fails', async () => {
    const { registry } = probeRegistry();
    const workflow = {
      nodes: [
        n('req', 'textInput'),
        n('call', 'flaky', { failures: '$req.body.failures' }),
        n('done', 'output'),
        n('onFailure', 'errorHandler'),
        n('report', 'set', { mappings: [{ key: 'failed', value: '$onFailure.error.node_label' }] }),
      ],
      edges: [e('req', 'call'), e('call', 'done'), e('onFailure', 'report')],
    };
    const failing = await run(workflow, { registry }, { trigger: { body: { failures: 1 } } });
    expect(failing.result.status).toBe('error');
    expect(failing.result.nodeResults['onFailure']?.output).toEqual({
      error: { message: 'failed on call 1', node_label: 'call', node_id: 'call' },
    });
    expect(failing.result.outputs).toEqual({
      report: { failed: 'call' },
      error: { message: 'failed on call 1', node_label: 'call' },
    });

    const passing = await run(
      workflow,
      { registry: probeRegistry().registry },
      { trigger: { body: { failures: 0 } } },
    );
    expect(passing.result.status).toBe('success');
    expect(passing.result.nodeResults['onFailure']?.status).toBe('skipped');
    expect(passing.result.outputs).toEqual({ done: { calls: 1 } });
  });

  it('answers the Throw Error status code', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('stop', 'throwError', { message: 'no $req.body.what', statusCode: '409' }),
        ],
        edges: [e('req', 'stop')],
      },
      { registry },
      { trigger: { body: { what: 'stock' } } },
    );
    expect(result).toMatchObject({
      status: 'error',
      httpStatus: 409,
      error: { message: 'no stock', node_label: 'stop', node_id: 'stop' },
    });
  });

  it('names the field and expression of an expression error', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [
          n('req', 'textInput'),
          n('bad', 'set', { mappings: [{ key: 'x', value: '$req.constructor' }] }),
        ],
        edges: [e('req', 'bad')],
      },
      { registry },
    );
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain('mappings[0].value');
    expect(result.error?.message).toContain('$req.constructor');
  });

  it('names the field of a parameter that fails the schema', async () => {
    const { registry } = probeRegistry();
    const { result } = await run(
      {
        nodes: [n('req', 'textInput'), n('call', 'http', { url: '$req.body.missing' })],
        edges: [e('req', 'call')],
      },
      { registry },
    );
    expect(result.error?.message).toBe('Invalid parameters for http node: "url" must be string');
  });

  it('starts no new node after a failure, letting running ones finish', async () => {
    const failed = gate();
    const { registry } = probeRegistry({
      slow: async () => {
        await failed.promise;
        return 'finished';
      },
    });
    const result = await runWorkflow(
      request({
        nodes: [
          n('req', 'textInput'),
          n('boom', 'flaky', { failures: 1 }),
          n('slow', 'probe', { hook: 'slow' }),
          n('next', 'set'),
        ],
        edges: [e('req', 'boom'), e('req', 'slow'), e('slow', 'next')],
      }),
      {
        registry,
        onEvent: (event) => {
          if (event.type === 'node_complete' && event.node_id === 'boom') failed.open();
        },
      },
    );
    expect(result.status).toBe('error');
    expect(result.nodeResults['slow']).toMatchObject({ status: 'success', output: 'finished' });
    expect(result.nodeResults['next']?.status).toBe('skipped');
  });
});
