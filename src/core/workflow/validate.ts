/**
 * Structural validation of a workflow document. Collects every problem, then throws one
 * `invalid_workflow` AppError listing them with the offending node and edge ids.
 */
import Value from 'typebox/value';
import { AppError, type FieldError } from '../errors.js';
import { findCycles } from './cycles.js';
import { buildGraph, loopBody, type WorkflowGraph } from './graph.js';
import { builtinSourceHandles, ERROR_HANDLE, handleName, LOOP_HANDLE } from './handles.js';
import {
  CoreNodeType,
  LABEL_PATTERN,
  WorkflowDocumentSchema,
  type WorkflowDocument,
  type WorkflowNode,
} from './schema.js';
import { schemaErrors } from './schema-errors.js';

/** Named source handles of a node, or undefined when it has only the unnamed default handle. */
export type HandlesOf = (node: WorkflowNode) => readonly string[] | undefined;

interface Problem extends FieldError {
  nodeIds?: string[];
  edgeIds?: string[];
}

export function validateWorkflow(
  doc: unknown,
  knownTypes: ReadonlySet<string>,
  handlesOf: HandlesOf = builtinSourceHandles,
): asserts doc is WorkflowDocument {
  if (!Value.Check(WorkflowDocumentSchema, doc)) fail(schemaErrors(WorkflowDocumentSchema, doc));
  const problems = findProblems(doc, knownTypes, handlesOf);
  if (problems.length > 0) fail(problems);
}

function fail(problems: Problem[]): never {
  const nodeIds = [...new Set(problems.flatMap((p) => p.nodeIds ?? []))];
  const edgeIds = [...new Set(problems.flatMap((p) => p.edgeIds ?? []))];
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  throw new AppError('invalid_workflow', {
    detail: `${first.path ? `${first.path}: ` : ''}${first.message}${more}`,
    errors: problems.map(({ path, message }) => ({ path, message })),
    extra: { node_ids: nodeIds, edge_ids: edgeIds },
  });
}

function findProblems(
  doc: WorkflowDocument,
  knownTypes: ReadonlySet<string>,
  handlesOf: HandlesOf,
): Problem[] {
  const problems: Problem[] = [];
  const nodeIndex = new Map<string, number>();
  const labelIndex = new Map<string, string>();
  doc.nodes.forEach((node, i) => {
    const at = `nodes[${i}]`;
    if (nodeIndex.has(node.id)) {
      problems.push({ path: `${at}.id`, message: `duplicate node id "${node.id}"`, nodeIds: [node.id] });
    } else nodeIndex.set(node.id, i);
    if (!knownTypes.has(node.type)) {
      problems.push({ path: `${at}.type`, message: `unknown node type "${node.type}"`, nodeIds: [node.id] });
    }
    const label = node.data.label;
    if (!LABEL_PATTERN.test(label)) {
      problems.push({
        path: `${at}.data.label`,
        message: `label "${label}" must start with a letter or _ and contain only letters, digits and _`,
        nodeIds: [node.id],
      });
    }
    const other = labelIndex.get(label);
    if (other !== undefined && other !== node.id) {
      problems.push({
        path: `${at}.data.label`,
        message: `duplicate label "${label}"`,
        nodeIds: [other, node.id],
      });
    } else labelIndex.set(label, node.id);
  });

  const edgeIds = new Set<string>();
  const graph = buildGraph(doc);
  doc.edges.forEach((edge, i) => {
    const at = `edges[${i}]`;
    const ids = { edgeIds: [edge.id] };
    if (edgeIds.has(edge.id))
      problems.push({ path: `${at}.id`, message: `duplicate edge id "${edge.id}"`, ...ids });
    edgeIds.add(edge.id);
    const source = graph.nodes.get(edge.source);
    const target = graph.nodes.get(edge.target);
    if (!source) problems.push({ path: `${at}.source`, message: `no node with id "${edge.source}"`, ...ids });
    if (!target) problems.push({ path: `${at}.target`, message: `no node with id "${edge.target}"`, ...ids });
    if (!source || !target) return;
    const both = { edgeIds: [edge.id], nodeIds: [source.id, target.id] };
    if (source.type === CoreNodeType.sticky || target.type === CoreNodeType.sticky) {
      problems.push({ path: at, message: 'sticky notes cannot be connected', ...both });
    }
    if (target.type === CoreNodeType.errorHandler) {
      problems.push({
        path: `${at}.target`,
        message: 'an error handler cannot have incoming edges',
        ...both,
      });
    }
    const handle = handleName(edge.sourceHandle);
    const named = handlesOf(source);
    const allowed =
      handle === ERROR_HANDLE
        ? source.data.onErrorEnabled === true
        : named
          ? named.includes(handle ?? '')
          : handle === undefined;
    if (!allowed) {
      const expected = [
        ...(named ?? ['(none)']),
        ...(source.data.onErrorEnabled === true ? [ERROR_HANDLE] : []),
      ];
      problems.push({
        path: `${at}.sourceHandle`,
        message: `node "${source.data.label}" (${source.type}) has no handle "${handle ?? '(none)'}"; expected one of ${expected.join(', ')}`,
        ...both,
      });
    }
  });

  const cycles = findCycles(graph);
  for (const cycle of cycles) {
    const labels = cycle.nodeIds.map((id) => graph.nodes.get(id)?.data.label ?? id);
    problems.push({
      path: 'edges',
      message: `cycle through ${labels.join(' -> ')}; only a loop-back edge into a loop node's "loop" handle may close a cycle`,
      nodeIds: cycle.nodeIds,
      edgeIds: cycle.edgeIds,
    });
  }
  if (cycles.length === 0) problems.push(...loopProblems(graph));
  return problems;
}

/** Loop bodies must be closed: entered only through the loop handle, left only by the loop-back edge. */
function loopProblems(graph: WorkflowGraph): Problem[] {
  const problems: Problem[] = [];
  const bodies = new Map<string, Set<string>>();
  for (const node of graph.nodes.values()) {
    if (node.type === CoreNodeType.loop) bodies.set(node.id, loopBody(graph, node.id));
  }
  for (const [loopId, body] of bodies) {
    const loop = graph.nodes.get(loopId)!;
    const backEdges = graph.loopBack.get(loop.id) ?? [];
    const label = loop.data.label;
    if (backEdges.length > 1) {
      problems.push({
        path: 'edges',
        message: `loop "${label}" has ${backEdges.length} loop-back edges; at most one is allowed`,
        nodeIds: [loop.id],
        edgeIds: backEdges.map((e) => e.id),
      });
    }
    for (const edge of backEdges) {
      const nested = [...bodies].find(
        ([otherId, other]) => otherId !== loopId && body.has(otherId) && other.has(edge.source),
      );
      if (body.has(edge.source) && !nested) continue;
      const where = nested
        ? `comes from inside the body of loop "${graph.nodes.get(nested[0])?.data.label}"`
        : 'does not come from a node in its body';
      problems.push({
        path: 'edges',
        message: `loop-back edge "${edge.id}" into loop "${label}" ${where}`,
        nodeIds: [loop.id, edge.source],
        edgeIds: [edge.id],
      });
    }
    for (const id of body) {
      for (const edge of graph.incoming.get(id) ?? []) {
        const fromLoopHandle = edge.source === loop.id && handleName(edge.sourceHandle) === LOOP_HANDLE;
        if (fromLoopHandle || body.has(edge.source)) continue;
        problems.push({
          path: 'edges',
          message: `node "${graph.nodes.get(id)?.data.label}" is in the body of loop "${label}" but has an input from outside it`,
          nodeIds: [id, edge.source],
          edgeIds: [edge.id],
        });
      }
    }
  }
  return problems;
}
