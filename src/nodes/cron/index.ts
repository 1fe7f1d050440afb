import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';
import { isRecord } from '../schemas.js';

export default defineNode({
  type: 'cron',
  group: 'trigger',
  description: 'Starts the workflow on a cron schedule (the scheduler lives in the trigger services).',
  params: Type.Object({
    cronExpression: Type.String({ minLength: 1 }),
    timezone: Type.Optional(Type.String()),
  }),
  run(ctx) {
    const trigger = isRecord(ctx.trigger) ? ctx.trigger : {};
    const at = trigger['triggered_at'];
    return {
      output: { triggered_by: 'cron', triggered_at: typeof at === 'string' ? at : ctx.now().toISOString() },
    };
  },
});
