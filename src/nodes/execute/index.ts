import { Type } from 'typebox';
import { defineNode, NodeError } from '../../core/engine/index.js';
import { isRecord, KeyValueList, keyValueObject } from '../schemas.js';

function childError(outputs: Record<string, unknown>): string {
  const error = outputs['error'];
  return isRecord(error) && typeof error['message'] === 'string' ? error['message'] : 'no error message';
}

export default defineNode({
  type: 'execute',
  group: 'flow',
  description: 'Runs another workflow with the given inputs and outputs its {status, outputs}.',
  params: Type.Object({
    workflowId: Type.String({ minLength: 1 }),
    inputs: KeyValueList,
    doNotWait: Type.Boolean({ default: false }),
  }),
  async run(ctx, params) {
    const { workflowId, doNotWait } = params;
    const result = await ctx.subWorkflow({ workflowId, inputs: keyValueObject(params.inputs), doNotWait });
    const outputs = isRecord(result.outputs) ? result.outputs : {};
    if (!doNotWait && (result.status === 'error' || result.status === 'cancelled')) {
      const reason = result.status === 'error' ? childError(outputs) : 'it was cancelled';
      throw new NodeError(`Sub-workflow ${workflowId} failed: ${reason}`, result.status === 'error');
    }
    return { output: { status: result.status, outputs } };
  },
});
