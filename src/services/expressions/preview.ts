/**
 * Previews an expression for the editor. Given a node of a workflow, the scope is what that node
 * would see: its ancestors' outputs from pinned data or the latest run, `$input` from its direct
 * upstream nodes. An explicit `context` overrides any part of it.
 */
import { renderField, type ExpressionScope } from '../../core/expressions/index.js';
import { AppError } from '../../core/errors.js';
import { ancestors, buildGraph, type WorkflowDocument } from '../../core/workflow/index.js';
import type { ExecutionRow } from '../../store/repositories/executions.js';

export interface PreviewContext {
  input?: unknown;
  trigger?: unknown;
  vars?: Record<string, unknown>;
  global?: Record<string, unknown>;
  nodes?: Record<string, unknown>;
}

export interface PreviewRequest {
  expression: string;
  context?: PreviewContext;
  workflow?: WorkflowDocument;
  nodeId?: string;
  recentRuns?: ExecutionRow[];
}

type NodeResults = Record<string, { output?: unknown; status?: string } | undefined>;

function lastOutput(nodeId: string, runs: ExecutionRow[]): unknown {
  for (const run of runs) {
    const result = (run.nodeResults as NodeResults)[nodeId];
    if (result && result.status !== 'skipped' && result.output !== undefined) return result.output;
  }
  return null;
}

function scopeForNode(workflow: WorkflowDocument, nodeId: string, runs: ExecutionRow[]): ExpressionScope {
  const graph = buildGraph(workflow);
  if (!graph.nodes.has(nodeId))
    throw new AppError('not_found', { detail: `Node ${nodeId} is not in the workflow` });
  const outputOf = (id: string) => {
    const node = graph.nodes.get(id)!;
    return node.data.pinnedData !== undefined ? node.data.pinnedData : lastOutput(id, runs);
  };
  const nodes: Record<string, unknown> = {};
  for (const id of ancestors(graph, nodeId)) nodes[graph.nodes.get(id)!.data.label] = outputOf(id);
  const parents = (graph.incoming.get(nodeId) ?? []).map((edge) => edge.source);
  const input =
    parents.length === 1
      ? outputOf(parents[0]!)
      : Object.fromEntries(parents.map((id) => [graph.nodes.get(id)!.data.label, outputOf(id)]));
  const triggerNode = [...graph.nodes.values()].find(
    (node) => node.type === 'textInput' && nodes[node.data.label] !== undefined,
  );
  return { input, nodes, trigger: triggerNode ? nodes[triggerNode.data.label] : (runs[0]?.inputs ?? null) };
}

export function previewExpression(request: PreviewRequest): unknown {
  const base: ExpressionScope =
    request.workflow && request.nodeId
      ? scopeForNode(request.workflow, request.nodeId, request.recentRuns ?? [])
      : { input: null, nodes: {} };
  const context = request.context ?? {};
  const scope: ExpressionScope = {
    ...base,
    input: 'input' in context ? context.input : base.input,
    nodes: { ...base.nodes, ...context.nodes },
    trigger: 'trigger' in context ? context.trigger : base.trigger,
    vars: context.vars ?? {},
    global: context.global ?? {},
  };
  return renderField(request.expression, scope, 'expression');
}
