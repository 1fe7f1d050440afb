/** The canvas editor: palette, canvas, property panel, run panel; save, run, undo and shortcuts. */
import { useQueryClient } from '@tanstack/react-query';
import { Background, Controls, MiniMap, ReactFlow, useReactFlow, type NodeTypes } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../api/client';
import { expressionApi, workflowApi } from '../api/endpoints';
import type { Execution, NodeTypeInfo, User, WorkflowRecord } from '../api/types';
import { SettingsDialog } from '../components/SettingsDialog';
import { ShareDialog } from '../components/ShareDialog';
import type { PreviewResult } from '../expressions/ExpressionInput';
import { sampleOutput } from '../expressions/samples';
import { ancestorsOf, parentsOf } from '../graph/ancestors';
import { documentToFlow, newId, rendererOf, uniqueLabel, type FlowNode } from '../graph/mapping';
import { parseImport } from '../graph/import';
import { NodeTypesContext, ProblemsContext, RunContext } from './context';
import { download } from './download';
import { PALETTE_DRAG_TYPE, Palette } from './Palette';
import { problemsByNode } from './problems';
import { PropertyPanel } from './PropertyPanel';
import { RunPanel } from './RunPanel';
import { defaultParams } from './schema-fields';
import { SkeinNode } from './SkeinNode';
import { StickyNode } from './StickyNode';
import { Toolbar } from './Toolbar';
import { useGraph } from './useGraph';
import { rememberedRun, useLiveRun } from './useLiveRun';

const nodeTypes: NodeTypes = { skein: SkeinNode, sticky: StickyNode };

/** Where a new node goes: right of the selected node (or the view's centre), below any node in the way. */
function freeSpot(nodes: FlowNode[], selected: FlowNode | null, center: () => { x: number; y: number }) {
  const at = selected ? { x: selected.position.x + 260, y: selected.position.y } : center();
  while (nodes.some((n) => Math.abs(n.position.x - at.x) < 220 && Math.abs(n.position.y - at.y) < 90))
    at.y += 110;
  return at;
}

export interface EditorProps {
  workflow: WorkflowRecord;
  types: NodeTypeInfo[];
  user: User;
  lastExecution: Execution | null;
  replay: Execution | null;
}

/** The test body the input fields of the textInput nodes describe, with their default values. */
function defaultTestInput(nodes: WorkflowRecord['nodes']): string {
  const body: Record<string, unknown> = {};
  for (const node of nodes) {
    if (node.type !== 'textInput' || !Array.isArray(node.data.inputFields)) continue;
    for (const field of node.data.inputFields as { key?: string; defaultValue?: unknown }[]) {
      if (field.key) body[field.key] = field.defaultValue ?? '';
    }
  }
  return JSON.stringify(body, null, 2);
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function Editor({ workflow, types, user, lastExecution, replay }: EditorProps) {
  const client = useQueryClient();
  const flow = useReactFlow();
  const g = useGraph(workflow);
  const { nodes, edges } = g.graph;
  const typeMap = useMemo(() => new Map(types.map((t) => [t.type, t])), [types]);
  const [record, setRecord] = useState(workflow);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Until the user edits it, the test input follows the textInput fields.
  const [editedInput, setTestInput] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'settings' | 'share' | null>(null);
  const live = useLiveRun(workflow.id, () =>
    client.invalidateQueries({ queryKey: ['executions', workflow.id] }),
  );
  const run = live.state;

  // Outputs seen so far (latest stored run, then live runs): autocomplete and previews use them.
  const lastOutputs = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const [id, result] of Object.entries(lastExecution?.node_results ?? {}))
      if (result.status === 'success') out[id] = result.output;
    for (const [id, result] of Object.entries(run.nodes))
      if (result.status === 'success') out[id] = result.output;
    return out;
  }, [lastExecution, run.nodes]);

  useEffect(() => {
    const remembered = rememberedRun(workflow.id);
    const ids = workflow.nodes.filter((n) => n.type !== 'sticky').map((n) => n.id);
    if (remembered) void live.reconnect(remembered, ids);
    else if (replay) live.replay(replay);
    // Once, on open: a remembered run wins over a history replay.
  }, []);

  const selected = nodes.find((n) => n.id === selectedId) ?? null;
  const autoInput = useMemo(() => defaultTestInput(g.document.nodes), [g.document.nodes]);
  const testInput = editedInput ?? autoInput;

  const save = useCallback(async (): Promise<boolean> => {
    const doc = g.document;
    setSaving(true);
    try {
      const saved = await workflowApi.update(workflow.id, { nodes: doc.nodes, edges: doc.edges });
      setRecord(saved);
      g.markSaved(doc);
      setProblems({});
      setMessage(null);
      void client.invalidateQueries({ queryKey: ['workflows'] });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setProblems(problemsByNode(error.problem, doc));
      setMessage(errorMessage(error));
      return false;
    } finally {
      setSaving(false);
    }
  }, [client, g, workflow.id]);

  const runNow = useCallback(async () => {
    if (run.status === 'running') return;
    let body: unknown;
    try {
      body = testInput.trim() ? JSON.parse(testInput) : {};
      setInputError(null);
    } catch {
      setInputError('The test input is not valid JSON');
      return;
    }
    if (g.dirty && !(await save())) return;
    await live.start(
      nodes.filter((n) => n.data.kind !== 'sticky').map((n) => n.id),
      body,
    );
  }, [g.dirty, live, nodes, run.status, save, testInput]);

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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        void save();
      } else if (mod && key === 'enter') {
        event.preventDefault();
        void runNow();
      } else if (typing(event.target)) return;
      else if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) g.redo();
        else g.undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        g.redo();
      } else if (mod && key === 'd') {
        event.preventDefault();
        duplicate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [duplicate, g, runNow, save]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (g.dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [g.dirty]);

  const completion = useMemo(() => {
    if (!selected) return { ancestors: [], input: undefined };
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const sample = (id: string) => {
      const n = byId.get(id);
      return n ? sampleOutput(n.data.kind, n.data.params, lastOutputs[id]) : undefined;
    };
    const ancestors = ancestorsOf(selected.id, edges)
      .filter((id) => byId.has(id))
      .map((id) => ({ label: byId.get(id)!.data.params.label, sample: sample(id) }));
    const parents = parentsOf(selected.id, edges);
    const input =
      parents.length === 1
        ? sample(parents[0]!)
        : Object.fromEntries(parents.map((id) => [byId.get(id)?.data.params.label ?? id, sample(id)]));
    return { ancestors, input };
  }, [edges, lastOutputs, nodes, selected]);

  const preview = useCallback(
    async (expression: string): Promise<PreviewResult> => {
      try {
        const nodesContext = Object.fromEntries(completion.ancestors.map((a) => [a.label, a.sample ?? null]));
        const answer = await expressionApi.evaluate({
          expression,
          context: { input: completion.input ?? null, nodes: nodesContext },
        });
        return { ok: true, value: answer.result };
      } catch (error) {
        return { ok: false, error: errorMessage(error) };
      }
    },
    [completion],
  );

  const importDocument = async (file: File) => {
    try {
      const parsed = parseImport(await file.text());
      const next = documentToFlow({ nodes: parsed.nodes ?? [], edges: parsed.edges ?? [] });
      g.change(() => next);
      setMessage(null);
      requestAnimationFrame(() => flow.fitView());
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };

  return (
    <NodeTypesContext.Provider value={typeMap}>
      <RunContext.Provider value={run}>
        <ProblemsContext.Provider value={problems}>
          <div className="flex h-full flex-col">
            <Toolbar
              workflowId={workflow.id}
              name={record.name}
              dirty={g.dirty}
              saving={saving}
              running={run.status === 'running'}
              canUndo={g.canUndo}
              canRedo={g.canRedo}
              message={message}
              onRename={(name) =>
                workflowApi
                  .update(workflow.id, { name })
                  .then(setRecord, (e: unknown) => setMessage(errorMessage(e)))
              }
              onSave={() => void save()}
              onUndo={g.undo}
              onRedo={g.redo}
              onRun={() => void runNow()}
              onStop={() => void live.stop()}
              onExport={() =>
                download(
                  `${record.name.replace(/[^\w-]+/g, '_') || 'workflow'}.json`,
                  JSON.stringify(
                    { name: record.name, description: record.description, ...g.document },
                    null,
                    2,
                  ),
                )
              }
              onImport={(file) => void importDocument(file)}
              onSettings={() => setDialog('settings')}
              onShare={() => setDialog('share')}
            />
            <div className="flex min-h-0 flex-1">
              <aside className="w-52 shrink-0 border-r border-slate-200 p-2 dark:border-slate-800">
                <Palette types={types} onAdd={(kind) => addNode(kind)} />
              </aside>
              <div className="flex min-w-0 flex-1 flex-col">
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
                    addNode(
                      kind,
                      flow.screenToFlowPosition({ x: event.clientX - 85, y: event.clientY - 20 }),
                    );
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
                      setSelectedId((current) =>
                        chosen.length === 1 ? chosen[0]!.id : chosen.length === 0 ? null : current,
                      )
                    }
                    deleteKeyCode={['Delete', 'Backspace']}
                    fitView
                    fitViewOptions={{ maxZoom: 1.2 }}
                    minZoom={0.05}
                    onlyRenderVisibleElements={nodes.length > 150}
                    proOptions={{ hideAttribution: true }}
                    aria-label="Workflow canvas"
                  >
                    <Background />
                    <Controls />
                    {nodes.length <= 150 && <MiniMap pannable zoomable ariaLabel="Canvas overview" />}
                  </ReactFlow>
                </div>
                <div className="h-56 shrink-0 border-t border-slate-200 dark:border-slate-800">
                  <RunPanel
                    run={run}
                    nodes={nodes}
                    input={testInput}
                    onInput={setTestInput}
                    inputError={inputError}
                    onSelect={(id) => setSelectedId(id)}
                  />
                </div>
              </div>
              <aside
                className="w-80 shrink-0 overflow-auto border-l border-slate-200 p-3 dark:border-slate-800"
                aria-label="Properties"
              >
                {selected ? (
                  <PropertyPanel
                    key={selected.id}
                    node={selected}
                    info={typeMap.get(selected.data.kind)}
                    nodes={nodes}
                    problems={problems[selected.id]}
                    lastOutput={lastOutputs[selected.id]}
                    context={completion}
                    preview={preview}
                    onParam={(key, value) => setParam(selected.id, key, value)}
                    onConnect={(sourceHandle, target) =>
                      g.connect({ source: selected.id, target, sourceHandle, targetHandle: null })
                    }
                    onDelete={removeSelected}
                    onDuplicate={duplicate}
                  />
                ) : (
                  <p className="text-sm text-slate-500">
                    Select a node to edit it. Add nodes from the palette (press or drag). Shortcuts: Ctrl+S
                    save, Ctrl+Z / Ctrl+Shift+Z undo/redo, Delete removes, Ctrl+D duplicates, Ctrl+Enter runs.
                  </p>
                )}
              </aside>
            </div>
          </div>
          <SettingsDialog
            open={dialog === 'settings'}
            onClose={() => setDialog(null)}
            workflow={record}
            user={user}
            onSaved={setRecord}
          />
          <ShareDialog
            open={dialog === 'share'}
            onClose={() => setDialog(null)}
            workflow={record}
            user={user}
          />
        </ProblemsContext.Provider>
      </RunContext.Provider>
    </NodeTypesContext.Provider>
  );
}
