import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';

export default defineNode({
  type: 'condition',
  group: 'logic',
  description: 'Evaluates an expression and routes to the "true" or "false" handle.',
  params: Type.Object({
    condition: Type.Union([Type.String({ minLength: 1 }), Type.Boolean(), Type.Number(), Type.Null()]),
  }),
  handles: () => ['true', 'false'],
  raw: ['condition'],
  run(ctx, params) {
    const value = typeof params.condition === 'string' ? ctx.evaluate(params.condition) : params.condition;
    const branch = value ? 'true' : 'false';
    return { output: { branch }, branch };
  },
});
