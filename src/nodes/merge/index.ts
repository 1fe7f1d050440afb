import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';

export default defineNode({
  type: 'merge',
  group: 'logic',
  description: 'Waits for every live input and outputs them keyed by source label.',
  params: Type.Object({}),
  run(ctx) {
    return { output: { ...ctx.inputs } };
  },
});
