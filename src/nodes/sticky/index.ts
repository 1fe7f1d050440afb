import { Type } from 'typebox';
import { defineNode } from '../../core/engine/index.js';

/** A note on the canvas. The engine never schedules it. */
export default defineNode({
  type: 'sticky',
  group: 'misc',
  description: 'A note on the canvas; never executed.',
  params: Type.Object({ note: Type.Optional(Type.String()) }),
  run() {
    return { output: null };
  },
});
