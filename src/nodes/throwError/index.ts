import { Type } from 'typebox';
import { defineNode, NonRetriableError } from '../../core/engine/index.js';
import { asText, NumberLike, toNumber } from '../schemas.js';

export default defineNode({
  type: 'throwError',
  group: 'flow',
  description: 'Fails the run with a message and an HTTP status (400-599).',
  params: Type.Object({
    message: Type.Unknown({ default: 'Workflow stopped by a Throw Error node' }),
    statusCode: NumberLike({ minimum: 400, maximum: 599, default: 400 }),
  }),
  run(_ctx, params) {
    const httpStatus = Math.trunc(toNumber(params.statusCode, 'statusCode', { minimum: 400, maximum: 599 }));
    throw new NonRetriableError(asText(params.message) || 'Workflow stopped by a Throw Error node', {
      httpStatus,
    });
  },
});
