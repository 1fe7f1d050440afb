/**
 * `createTestContext()` builds a NodeContext without a run, so a node type can be tested alone;
 * `runNodeForTest()` renders, parses and runs a node the way the engine does.
 */
import type { TSchema } from 'typebox';
import type { ExpressionScope } from '../expressions/index.js';
import type { WorkflowNode } from '../workflow/index.js';
import { sleep } from './abort.js';
import { checkDepth, evaluateSource, missingHttpPort, SUB_WORKFLOW_TRIGGER_SOURCE } from './context.js';
import type { NodeContext, NodeDefinition, NodeRunResult } from './define-node.js';
import { NonRetriableError } from './errors.js';
import { parseParams, renderData } from './params.js';
import type { HttpPort, SubWorkflowPort, LoadedCredential } from './ports.js';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export interface TestContextOptions {
  type?: string;
  label?: string;
  data?: Record<string, unknown>;
  input?: unknown;
  inputs?: Record<string, unknown>;
  trigger?: unknown;
  /** Ancestor outputs by label (`$<label>`). */
  nodes?: Record<string, unknown>;
  vars?: Record<string, unknown>;
  global?: Record<string, unknown>;
  credentials?: Record<string, unknown>;
  signal?: AbortSignal;
  testRun?: boolean;
  runId?: string;
  now?: () => Date;
  http?: HttpPort;
  subWorkflow?: SubWorkflowPort;
  /** Credentials by id, as the credential port would load them. */
  credentialsById?: Record<string, LoadedCredential>;
  /** When set, `variables.setGlobal` calls it; otherwise it records into `globals`. */
  setGlobal?: (name: string, value: unknown) => Promise<void> | void;
  depth?: number;
  maxDepth?: number;
}

export interface TestContext extends NodeContext {
  readonly logs: LogEntry[];
  readonly vars: Record<string, unknown>;
  readonly globals: Record<string, unknown>;
}

export function createTestContext(options: TestContextOptions = {}): TestContext {
  const label = options.label ?? 'node';
  const node: WorkflowNode = {
    id: `${label}-id`,
    type: options.type ?? 'test',
    position: { x: 0, y: 0 },
    data: { ...options.data, label },
  };
  const logs: LogEntry[] = [];
  const vars: Record<string, unknown> = { ...options.vars };
  const globals: Record<string, unknown> = { ...options.global };
  const signal = options.signal ?? new AbortController().signal;
  const now = options.now ?? (() => new Date());
  const runId = options.runId ?? 'test-run';
  const testRun = options.testRun ?? false;
  const scope: ExpressionScope = {
    input: options.input ?? null,
    nodes: options.nodes ?? {},
    trigger: options.trigger ?? null,
    vars,
    global: globals,
    credentials: options.credentials ?? {},
    now,
  };
  const log = (level: LogEntry['level']) => (message: string, fields?: Record<string, unknown>) =>
    void logs.push({ level, message, ...(fields ? { fields } : {}) });
  const { subWorkflow, setGlobal } = options;
  return {
    node,
    label,
    input: options.input ?? null,
    inputs: options.inputs ?? {},
    trigger: options.trigger ?? null,
    signal,
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    runId,
    testRun,
    now,
    sleep: (ms) => sleep(ms, signal),
    http: options.http ?? missingHttpPort,
    async credential(credentialId) {
      const found = options.credentialsById?.[credentialId];
      if (!found) throw new NonRetriableError(`Credential ${credentialId} is not available`);
      return found;
    },
    async subWorkflow(call) {
      const depth = (options.depth ?? 0) + 1;
      checkDepth(depth, options.maxDepth ?? 10);
      if (!subWorkflow) throw new NonRetriableError('Sub-workflows are not available in this context');
      return subWorkflow({
        ...call,
        depth,
        parentRunId: runId,
        userId: null,
        testRun,
        triggerSource: SUB_WORKFLOW_TRIGGER_SOURCE,
        signal,
      });
    },
    variables: {
      setVar(name, value) {
        vars[name] = value;
      },
      async setGlobal(name, value) {
        if (setGlobal) await setGlobal(name, value);
        globals[name] = value;
      },
    },
    scope,
    evaluate: (expression) => evaluateSource(expression, scope),
    logs,
    vars,
    globals,
  };
}

/** Renders `data` in the context's scope, parses it with the node's schema and runs the node. */
export async function runNodeWithContext<S extends TSchema>(
  definition: NodeDefinition<S>,
  data: Record<string, unknown>,
  ctx: NodeContext,
): Promise<NodeRunResult> {
  const params = parseParams(definition, renderData(definition, data, ctx.scope));
  return definition.run(ctx, params);
}

/** `runNodeWithContext` with a fresh test context built from `options`. */
export function runNodeForTest<S extends TSchema>(
  definition: NodeDefinition<S>,
  data: Record<string, unknown>,
  options: TestContextOptions = {},
): Promise<NodeRunResult> {
  return runNodeWithContext(definition, data, createTestContext({ type: definition.type, data, ...options }));
}
