/** The xyflow canvas: nodes and edges, connecting, dropping palette items, selection, minimap. */
import { Background, Controls, MiniMap, ReactFlow, useReactFlow, type NodeTypes } from '@xyflow/react';
import type { FlowNode } from '../graph/mapping';
import { PALETTE_DRAG_TYPE } from './Palette';
import { SkeinNode } from './SkeinNode';
import { StickyNode } from './StickyNode';
import type { useGraph } from './useGraph';

const nodeTypes: NodeTypes = { skein: SkeinNode, sticky: StickyNode };
/** Past this many nodes only the visible ones render and the minimap is left out. */
const LARGE_GRAPH = 150;

export interface CanvasProps {
  graph: ReturnType<typeof useGraph>;
  onAdd(kind: string, position: { x: number; y: number }): void;
  onSelect(update: (current: string | null) => string | null): void;
}

export function Canvas({ graph: g, onAdd, onSelect }: CanvasProps) {
  const flow = useReactFlow<FlowNode>();
  const { nodes, edges } = g.graph;
  return (
    <div
      className="min-h-0 flex-1"
      data-testid="canvas"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
        }
      }}
      onDrop={(event) => {
        const kind = event.dataTransfer.getData(PALETTE_DRAG_TYPE);
        if (!kind) return;
        event.preventDefault();
        onAdd(kind, flow.screenToFlowPosition({ x: event.clientX - 85, y: event.clientY - 20 }));
      }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={g.onNodesChange}
        onEdgesChange={g.onEdgesChange}
        onConnect={g.connect}
        onNodeDragStart={g.beginDrag}
        onSelectionChange={({ nodes: chosen }) =>
          onSelect((current) => (chosen.length === 1 ? chosen[0]!.id : chosen.length === 0 ? null : current))
        }
        deleteKeyCode={['Delete', 'Backspace']}
        fitView
        // Room for the minimap in the bottom-right corner.
        fitViewOptions={{ maxZoom: 1.2, padding: { top: 0.1, left: 0.1, right: 0.1, bottom: '160px' } }}
        minZoom={0.05}
        onlyRenderVisibleElements={nodes.length > LARGE_GRAPH}
        proOptions={{ hideAttribution: true }}
        aria-label="Workflow canvas"
      >
        <Background />
        <Controls />
        {nodes.length <= LARGE_GRAPH && <MiniMap pannable zoomable ariaLabel="Canvas overview" />}
      </ReactFlow>
    </div>
  );
}
