import { Type } from 'typebox';
import { defineNode, MAX_LOOP_ITEMS, NonRetriableError } from '../../core/engine/index.js';
import { DONE_HANDLE, LOOP_HANDLE } from '../../core/workflow/index.js';

export default defineNode({
  type: 'loop',
  group: 'logic',
  description:
    'Runs the nodes on its "loop" handle once per item with $input = {item, index, total}; then emits {results} on "done".',
  params: Type.Object({
    items: Type.Union([Type.Array(Type.Unknown()), Type.Null()], { default: null }),
  }),
  handles: () => [LOOP_HANDLE, DONE_HANDLE],
  run(_ctx, params) {
    const items = params.items ?? [];
    if (items.length > MAX_LOOP_ITEMS) {
      throw new NonRetriableError(
        `Loop over ${items.length} items exceeds the limit of ${MAX_LOOP_ITEMS} iterations`,
      );
    }
    return { output: null, iterate: items };
  },
});
