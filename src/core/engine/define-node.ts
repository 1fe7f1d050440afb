/**
 * The node contract. A node type is a value: `export default defineNode({...})`. The engine
 * renders expressions in `data`, checks the result against `params`, then calls `run`.
 */
import type { Static, TSchema } from 'typebox';
import type { ExpressionScope } from '../expressions/index.js';
import type { WorkflowNode } from '../workflow/index.js';
import type { HttpPort, SubWorkflowResult, LoadedCredential } from './ports.js';

export const NodeGroup = {
  trigger: 'trigger',
  logic: 'logic',
  data: 'data',
  flow: 'flow',
  io: 'io',
  ai: 'ai',
  misc: 'misc',
} as const;
export type NodeGroup = (typeof NodeGroup)[keyof typeof NodeGroup];

export interface NodeLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface SubWorkflowCall {
  workflowId: string;
  inputs: Record<string, unknown>;
  doNotWait: boolean;
}

export interface NodeVariables {
  /** Sets `$vars.<name>` for the nodes that run after this one. */
  setVar(name: string, value: unknown): void;
  /** Persists a global variable and sets `$global.<name>` for later nodes. */
  setGlobal(name: string, value: unknown): Promise<void>;
}

export interface NodeContext {
  readonly node: WorkflowNode;
  readonly label: string;
  /** Output of the single live upstream node, or an object keyed by label with several. */
  readonly input: unknown;
  /** Live upstream outputs keyed by source label (one entry per source node). */
  readonly inputs: Readonly<Record<string, unknown>>;
  /** The run's trigger payload. */
  readonly trigger: unknown;
  /** Aborted when the run is cancelled; pass it on to anything that waits. */
  readonly signal: AbortSignal;
  readonly logger: NodeLogger;
  readonly runId: string;
  readonly testRun: boolean;
  now(): Date;
  /** Abortable delay. */
  sleep(ms: number): Promise<void>;
  readonly http: HttpPort;
  subWorkflow(call: SubWorkflowCall): Promise<SubWorkflowResult>;
  readonly variables: NodeVariables;
  /** Loads a credential by id for the run's user (nodes with `credentialId`). */
  credential(credentialId: string): Promise<LoadedCredential>;
  /** The expression scope the node's fields were rendered with. */
  readonly scope: ExpressionScope;
  /** Evaluates one expression (`$a > 1`, or one `{{ ... }}` block) in the node's scope. */
  evaluate(expression: string): unknown;
}

export interface NodeRunResult {
  output: unknown;
  /** Named source handle to follow (condition, switch...); omitted for the default handle. */
  branch?: string;
  /** Output node: answer the caller now (final_output) while the run goes on. */
  returnEarly?: boolean;
  /** Loop node: run the loop body once per item; the node's output becomes `{results}`. */
  iterate?: readonly unknown[];
}

export interface NodeDefinition<S extends TSchema = TSchema> {
  readonly type: string;
  readonly group: NodeGroup;
  readonly description: string;
  /** Schema of `data` after expression rendering; extra fields (label, retry flags...) pass. */
  readonly params: S;
  /** Named source handles for this node's data; omit for a single unnamed handle. */
  handles?(data: Readonly<Record<string, unknown>>): readonly string[];
  /** Fields of `data` not rendered as expressions (the node evaluates them itself). */
  readonly raw?: readonly string[];
  run(ctx: NodeContext, params: Static<S>): Promise<NodeRunResult> | NodeRunResult;
}

export function defineNode<S extends TSchema>(definition: NodeDefinition<S>): NodeDefinition<S> {
  return Object.freeze(definition);
}

export type NodeRegistry = ReadonlyMap<string, NodeDefinition>;
