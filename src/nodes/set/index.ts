import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';
import { KeyValueList, keyValueObject } from '../schemas.js';

export default defineNode({
  type: 'set',
  group: 'data',
  description: 'Builds an object from key/value mappings.',
  params: Type.Object({ mappings: KeyValueList }),
  run(_ctx, params) {
    return { output: keyValueObject(params.mappings) };
  },
});
