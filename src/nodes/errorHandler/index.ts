import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';

export default defineNode({
  type: 'errorHandler',
  group: 'flow',
  description:
    'Runs (with the nodes after it) when the run fails; outputs {error: {message, node_label, node_id}}.',
  params: Type.Object({}),
  run(ctx) {
    return { output: ctx.input };
  },
});
