import { describe, expect, it } from 'vitest';
import type { SubWorkflowRequest } from '../../core/engine/index.js';
import { runNodeForTest } from '../test-support.js';
import execute from './index.js';

describe('execute', () => {
  it('calls the sub-workflow port with rendered inputs and depth + 1', async () => {
    const calls: SubWorkflowRequest[] = [];
    const result = await runNodeForTest(
      execute,
      { workflowId: 'wf-2', inputs: [{ key: 'x', value: '$input.x' }] },
      {
        input: { x: 7 },
        depth: 2,
        subWorkflow: async (request) => {
          calls.push(request);
          return { status: 'success', outputs: { out: 1 } };
        },
      },
    );
    expect(result.output).toEqual({ status: 'success', outputs: { out: 1 } });
    expect(calls).toMatchObject([
      { workflowId: 'wf-2', inputs: { x: 7 }, doNotWait: false, depth: 3, triggerSource: 'SUB_WORKFLOW' },
    ]);
  });

  it('fails when the child run fails', async () => {
    await expect(
      runNodeForTest(
        execute,
        { workflowId: 'wf-2' },
        {
          subWorkflow: async () => ({
            status: 'error',
            outputs: { error: { message: 'child broke', node_label: 'n' } },
          }),
        },
      ),
    ).rejects.toThrow('Sub-workflow wf-2 failed: child broke');
  });

  it('returns at once with doNotWait', async () => {
    const result = await runNodeForTest(
      execute,
      { workflowId: 'wf-2', doNotWait: true },
      {
        subWorkflow: async (request) => ({ status: request.doNotWait ? 'running' : 'success', outputs: {} }),
      },
    );
    expect(result.output).toEqual({ status: 'running', outputs: {} });
  });

  it('refuses to go deeper than the maximum depth', async () => {
    await expect(
      runNodeForTest(
        execute,
        { workflowId: 'wf' },
        { depth: 10, subWorkflow: async () => ({ status: 'success', outputs: {} }) },
      ),
    ).rejects.toThrow('Sub-workflow nesting limit reached: depth 11 exceeds the maximum of 10');
  });
});
