import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';

export default defineNode({
  type: 'variable',
  group: 'data',
  description: 'Sets $vars.<name> for later nodes of the run, or a global variable when isGlobal.',
  params: Type.Object({
    name: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
    value: Type.Optional(Type.Unknown()),
    isGlobal: Type.Boolean({ default: false }),
  }),
  async run(ctx, params) {
    const value = params.value ?? null;
    if (params.isGlobal) await ctx.variables.setGlobal(params.name, value);
    else ctx.variables.setVar(params.name, value);
    return { output: { name: params.name, value } };
  },
});
