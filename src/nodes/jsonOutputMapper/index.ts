import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';
import { KeyValueList, keyValueObject } from '../schemas.js';

export default defineNode({
  type: 'jsonOutputMapper',
  group: 'flow',
  description: 'Builds the response object; when it is the only terminal, it is the whole response body.',
  params: Type.Object({ mappings: KeyValueList }),
  run(_ctx, params) {
    return { output: keyValueObject(params.mappings) };
  },
});
