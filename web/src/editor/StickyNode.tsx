/** A sticky note: text on the canvas, never executed. */
import { type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { FlowNode } from '../graph/mapping';

function StickyNodeView({ data, selected }: NodeProps<FlowNode>) {
  const note = typeof data.params.note === 'string' ? data.params.note : '';
  return (
    <div
      data-testid="canvas-node"
      data-label={data.params.label}
      data-kind="sticky"
      className={`max-w-[240px] min-w-[140px] whitespace-pre-wrap rounded bg-yellow-100 p-2 text-xs text-yellow-950 shadow ${selected ? 'ring-2 ring-indigo-500' : ''}`}
    >
      {note || <span className="opacity-60">Empty note</span>}
    </div>
  );
}

export const StickyNode = memo(StickyNodeView);
