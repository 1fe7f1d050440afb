import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';
import { asText } from '../schemas.js';

export default defineNode({
  type: 'consoleLog',
  group: 'misc',
  description: 'Writes a message to the run log and passes its input through.',
  params: Type.Object({ message: Type.Optional(Type.Unknown()) }),
  run(ctx, params) {
    ctx.logger.info(asText(params.message ?? ctx.input));
    return { output: ctx.input };
  },
});
