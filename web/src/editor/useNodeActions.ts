/**
 * Node edits from the palette, the property panel and the shortcuts: add, set a parameter, delete
 * the selection, duplicate it. Each is one undo step (typing in one field coalesces).
 */
import { useReactFlow } from '@xyflow/react';
import { useCallback } from 'react';
import type { NodeTypeInfo } from '../api/types';
import { newId, rendererOf, uniqueLabel, type FlowNode } from '../graph/mapping';
import { defaultParams } from './schema-fields';
import type { useGraph } from './useGraph';

/** Where a new node goes: right of the selected node (or the view's centre), below any node in the way. */
function freeSpot(nodes: FlowNode[], selected: FlowNode | null, center: () => { x: number; y: number }) {
  const at = selected ? { x: selected.position.x + 260, y: selected.position.y } : center();
  while (nodes.some((n) => Math.abs(n.position.x - at.x) < 220 && Math.abs(n.position.y - at.y) < 90))
    at.y += 110;
  return at;
}

export interface NodeActionsDeps {
  graph: ReturnType<typeof useGraph>;
  types: ReadonlyMap<string, NodeTypeInfo>;
  selectedId: string | null;
  setSelectedId(id: string | null): void;
}

export function useNodeActions({ graph: g, types: typeMap, selectedId, setSelectedId }: NodeActionsDeps) {
  const flow = useReactFlow();
  const { nodes, edges } = g.graph;

  const addNode = useCallback(
    (kind: string, position?: { x: number; y: number }) => {
      const info = typeMap.get(kind);
      const id = newId('n');
      const at =
        position ??
        freeSpot(nodes, nodes.find((n) => n.id === selectedId) ?? null, () => {
          const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
          const center = pane
            ? { x: pane.left + pane.width / 2, y: pane.top + pane.height / 2 }
            : { x: 400, y: 300 };
          const base = flow.screenToFlowPosition(center);
          return { x: base.x - 85, y: base.y - 30 };
        });
      const node: FlowNode = {
        id,
        type: rendererOf(kind),
        position: at,
        selected: true,
        data: {
          kind,
          params: {
            ...defaultParams(info?.schema),
            label: uniqueLabel(
              kind,
              nodes.map((n) => n.data.params.label),
            ),
          },
          extra: {},
        },
      };
      g.change((graph) => ({
        ...graph,
        nodes: [...graph.nodes.map((n) => ({ ...n, selected: false })), node],
      }));
      setSelectedId(id);
    },
    [flow, g, nodes, selectedId, typeMap],
  );

  const setParam = useCallback(
    (nodeId: string, key: string, value: unknown) =>
      g.change(
        (graph) => ({
          ...graph,
          nodes: graph.nodes.map((n) => {
            if (n.id !== nodeId) return n;
            const params = { ...n.data.params };
            if (value === undefined) delete params[key];
            else params[key] = value;
            return { ...n, data: { ...n.data, params } };
          }),
        }),
        `param:${nodeId}:${key}`,
      ),
    [g],
  );

  const removeSelected = useCallback(() => {
    const doomed = new Set(nodes.filter((n) => n.selected || n.id === selectedId).map((n) => n.id));
    if (doomed.size === 0 && !edges.some((e) => e.selected)) return;
    g.change((graph) => ({
      nodes: graph.nodes.filter((n) => !doomed.has(n.id)),
      edges: graph.edges.filter((e) => !e.selected && !doomed.has(e.source) && !doomed.has(e.target)),
    }));
    setSelectedId(null);
  }, [edges, g, nodes, selectedId]);

  const duplicate = useCallback(() => {
    const chosen = nodes.filter((n) => n.selected || n.id === selectedId);
    if (chosen.length === 0) return;
    const labels = nodes.map((n) => n.data.params.label);
    const ids = new Map<string, string>();
    const copies = chosen.map((n) => {
      const id = newId('n');
      ids.set(n.id, id);
      const label = uniqueLabel(n.data.params.label.replace(/_\d+$/, ''), labels);
      labels.push(label);
      return {
        ...n,
        id,
        selected: true,
        position: { x: n.position.x + 40, y: n.position.y + 40 },
        data: { ...n.data, params: { ...structuredClone(n.data.params), label } },
      };
    });
    const copiedEdges = edges
      .filter((e) => ids.has(e.source) && ids.has(e.target))
      .map((e) => ({
        ...e,
        id: newId('e'),
        source: ids.get(e.source)!,
        target: ids.get(e.target)!,
        selected: false,
      }));
    g.change((graph) => ({
      nodes: [...graph.nodes.map((n) => ({ ...n, selected: false })), ...copies],
      edges: [...graph.edges, ...copiedEdges],
    }));
    setSelectedId(copies[0]!.id);
  }, [edges, g, nodes, selectedId]);

  return { addNode, setParam, removeSelected, duplicate };
}
