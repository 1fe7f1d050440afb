/**
 * The editor's graph state: xyflow nodes and edges, every edit through one `change` that records
 * undo history, and the dirty marker against the last saved document.
 */
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { WorkflowDocument } from '../api/types';
import {
  documentToFlow,
  flowToDocument,
  newId,
  toFlowEdge,
  type FlowEdge,
  type FlowNode,
} from '../graph/mapping';
import { emptyHistory, record, redo as redoStep, undo as undoStep, type History } from './history';

export interface Graph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** What undo restores: the graph without selection flags or measured sizes. */
const snapshot = (graph: Graph): Graph => graph;

export function useGraph(initial: WorkflowDocument) {
  const [graph, setGraph] = useState<Graph>(() => documentToFlow(initial));
  const [history, setHistory] = useState<History<Graph>>(emptyHistory);
  const [savedJson, setSavedJson] = useState(() =>
    JSON.stringify(flowToDocument(documentToFlow(initial).nodes, documentToFlow(initial).edges)),
  );
  const graphRef = useRef(graph);
  graphRef.current = graph;

  /** Applies an edit; `key` coalesces a burst of edits (typing) into one undo step. */
  const change = useCallback((edit: (graph: Graph) => Graph, key: string | null = null) => {
    const before = graphRef.current;
    const after = edit(before);
    if (after === before) return;
    graphRef.current = after;
    setGraph(after);
    setHistory((h) => record(h, snapshot(before), key, Date.now()));
  }, []);

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const structural = changes.some((c) => c.type === 'remove' || c.type === 'add');
      const apply = (g: Graph): Graph => {
        const nodes = applyNodeChanges(changes, g.nodes);
        const removed = new Set(changes.filter((c) => c.type === 'remove').map((c) => c.id));
        const edges = removed.size
          ? g.edges.filter((e) => !removed.has(e.source) && !removed.has(e.target))
          : g.edges;
        return { nodes, edges };
      };
      if (structural) change(apply);
      else {
        const next = apply(graphRef.current);
        graphRef.current = next;
        setGraph(next);
      }
    },
    [change],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
      const structural = changes.some((c) => c.type === 'remove' || c.type === 'add');
      const apply = (g: Graph): Graph => ({ ...g, edges: applyEdgeChanges(changes, g.edges) });
      if (structural) change(apply);
      else {
        const next = apply(graphRef.current);
        graphRef.current = next;
        setGraph(next);
      }
    },
    [change],
  );

  const connect = useCallback(
    (connection: Connection) =>
      change((g) => {
        const duplicate = g.edges.some(
          (e) =>
            e.source === connection.source &&
            e.target === connection.target &&
            (e.sourceHandle ?? null) === (connection.sourceHandle ?? null) &&
            (e.targetHandle ?? null) === (connection.targetHandle ?? null),
        );
        if (duplicate || connection.source === connection.target) return g;
        const edge = toFlowEdge({
          id: newId('e'),
          source: connection.source,
          target: connection.target,
          sourceHandle: connection.sourceHandle ?? undefined,
          targetHandle: connection.targetHandle ?? undefined,
        });
        return { ...g, edges: [...g.edges, edge] };
      }),
    [change],
  );

  /** Before a drag moves nodes: one undo step for the whole drag. */
  const beginDrag = useCallback(
    () => setHistory((h) => record(h, snapshot(graphRef.current), null, Date.now())),
    [],
  );

  const undo = useCallback(() => {
    const step = undoStep(history, graphRef.current);
    if (!step) return;
    graphRef.current = step.state;
    setGraph(step.state);
    setHistory(step.history);
  }, [history]);

  const redo = useCallback(() => {
    const step = redoStep(history, graphRef.current);
    if (!step) return;
    graphRef.current = step.state;
    setGraph(step.state);
    setHistory(step.history);
  }, [history]);

  const document = useMemo(() => flowToDocument(graph.nodes, graph.edges), [graph]);
  const json = useMemo(() => JSON.stringify(document), [document]);
  const dirty = json !== savedJson;
  const markSaved = useCallback((doc: WorkflowDocument) => setSavedJson(JSON.stringify(doc)), []);

  return {
    graph,
    document,
    dirty,
    markSaved,
    change,
    onNodesChange,
    onEdgesChange,
    connect,
    beginDrag,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
