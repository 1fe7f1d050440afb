import { defineNode } from '../../core/engine/index.js';
import { Type } from 'typebox';
import { NumberLike, toNumber } from '../schemas.js';

export const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

export default defineNode({
  type: 'wait',
  group: 'logic',
  description: 'Waits durationMs milliseconds (cancellable), then passes its input through.',
  params: Type.Object({ durationMs: NumberLike({ minimum: 0, maximum: MAX_WAIT_MS, default: 1000 }) }),
  async run(ctx, params) {
    await ctx.sleep(toNumber(params.durationMs, 'durationMs', { minimum: 0, maximum: MAX_WAIT_MS }));
    return { output: ctx.input };
  },
});
