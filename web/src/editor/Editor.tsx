/** The canvas editor: palette, canvas, property panel, run panel; save, run, undo and shortcuts. */
import { useQueryClient } from '@tanstack/react-query';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../api/client';
import { expressionApi, workflowApi } from '../api/endpoints';
import type { Execution, NodeTypeInfo, User, WorkflowRecord } from '../api/types';
import { SettingsDialog } from '../components/SettingsDialog';
import { ShareDialog } from '../components/ShareDialog';
import type { PreviewResult } from '../expressions/ExpressionInput';
import { sampleOutput } from '../expressions/samples';
import { ancestorsOf, parentsOf } from '../graph/ancestors';
import { documentToFlow } from '../graph/mapping';
import { parseImport } from '../graph/import';
import { NodeTypesContext, ProblemsContext, RunContext } from './context';
import { Canvas } from './Canvas';
import { download } from './download';
import { Palette } from './Palette';
import { problemsByNode } from './problems';
import { PropertyPanel } from './PropertyPanel';
import { RunPanel } from './RunPanel';
import { Toolbar } from './Toolbar';
import { useGraph } from './useGraph';
import { useNodeActions } from './useNodeActions';
import { rememberedRun, useLiveRun } from './useLiveRun';
import { useShortcuts } from './useShortcuts';

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

  const { addNode, setParam, removeSelected, duplicate } = useNodeActions({
    graph: g,
    types: typeMap,
    selectedId,
    setSelectedId,
  });

  const shortcuts = useMemo(
    () => ({
      save: () => void save(),
      run: () => void runNow(),
      undo: g.undo,
      redo: g.redo,
      duplicate,
    }),
    [duplicate, g.redo, g.undo, runNow, save],
  );
  useShortcuts(shortcuts, g.dirty);

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
                <Canvas graph={g} onAdd={addNode} onSelect={setSelectedId} />
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
