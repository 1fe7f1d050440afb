import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';

export default defineNode({
  type: 'output',
  group: 'flow',
  description: 'Outputs a value (default $input); with returnEarly the caller gets it at once.',
  params: Type.Object({
    value: Type.Optional(Type.Unknown()),
    returnEarly: Type.Boolean({ default: false }),
  }),
  run(ctx, params) {
    const value = params.value === undefined || params.value === '' ? ctx.input : params.value;
    return { output: value, returnEarly: params.returnEarly };
  },
});
