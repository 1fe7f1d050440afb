import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';
import { DEFAULT_SWITCH_HANDLE, switchHandles } from '../../core/workflow/index.js';
import { asText } from '../schemas.js';

export default defineNode({
  type: 'switch',
  group: 'logic',
  description: 'Compares a value with each case (as strings) and routes to case-N, or to default.',
  params: Type.Object({
    expression: Type.Optional(Type.Unknown()),
    cases: Type.Array(Type.Unknown(), { default: [] }),
  }),
  handles: (data) => switchHandles(data['cases']),
  run(_ctx, params) {
    const value = params.expression ?? null;
    const text = asText(value);
    const index = params.cases.findIndex((candidate) => asText(candidate) === text);
    const branch = index >= 0 ? `case-${index}` : DEFAULT_SWITCH_HANDLE;
    return { output: { branch, value }, branch };
  },
});
