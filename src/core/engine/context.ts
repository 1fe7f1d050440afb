/** Builds the `ctx` a node's `run` receives; every side effect goes through the run's ports. */
import { evaluateExpression, type ExpressionScope } from '../expressions/index.js';
import type { WorkflowNode } from '../workflow/index.js';
import { sleep } from './abort.js';
import type { NodeContext, NodeLogger, NodeVariables, SubWorkflowCall } from './define-node.js';
import { NonRetriableError } from './errors.js';
import type { EngineLogger, HttpPort, LoadedCredential, SubWorkflowResult } from './ports.js';
import type { RunState } from './state.js';

export const SUB_WORKFLOW_TRIGGER_SOURCE = 'SUB_WORKFLOW';

/** Evaluates an expression; one enclosing `{{ ... }}` block is accepted and unwrapped. */
export function evaluateSource(source: string, scope: ExpressionScope): unknown {
  const trimmed = source.trim();
  const block = /^\{\{([\s\S]*)\}\}$/.exec(trimmed);
  const inner = block?.[1];
  return evaluateExpression(inner !== undefined && !inner.includes('}}') ? inner.trim() : trimmed, scope);
}

export function nodeLogger(logger: EngineLogger, fields: Record<string, unknown>): NodeLogger {
  return {
    info: (message, extra) => logger.info(message, { ...fields, ...extra }),
    warn: (message, extra) => logger.warn(message, { ...fields, ...extra }),
    error: (message, extra) => logger.error(message, { ...fields, ...extra }),
  };
}

export const missingHttpPort: HttpPort = () =>
  Promise.reject(new NonRetriableError('HTTP requests are not available in this context'));

export function checkDepth(depth: number, maxDepth: number): void {
  if (depth > maxDepth) {
    throw new NonRetriableError(
      `Sub-workflow nesting limit reached: depth ${depth} exceeds the maximum of ${maxDepth}`,
    );
  }
}

async function callSubWorkflow(run: RunState, call: SubWorkflowCall): Promise<SubWorkflowResult> {
  const depth = run.request.depth + 1;
  checkDepth(depth, run.maxDepth);
  const port = run.ports.subWorkflow;
  if (!port) throw new NonRetriableError('Sub-workflows are not available in this context');
  return port({
    ...call,
    depth,
    parentRunId: run.request.runId,
    userId: run.request.userId,
    testRun: run.request.testRun,
    triggerSource: SUB_WORKFLOW_TRIGGER_SOURCE,
    signal: run.cancel.signal,
  });
}

/**
 * The `ctx` of one node's turn. A class, so a turn costs one object: the logger, ports and
 * variables are made only when the node uses them.
 */
class RunNodeContext implements NodeContext {
  readonly label: string;
  readonly input: unknown;
  readonly inputs: Readonly<Record<string, unknown>>;

  constructor(
    private readonly run: RunState,
    readonly node: WorkflowNode,
    given: { input: unknown; inputs: Record<string, unknown> },
    readonly scope: ExpressionScope,
  ) {
    this.label = node.data.label;
    this.input = given.input;
    this.inputs = given.inputs;
  }

  get trigger(): unknown {
    return this.run.request.trigger;
  }
  get signal(): AbortSignal {
    return this.run.cancel.signal;
  }
  get runId(): string {
    return this.run.request.runId;
  }
  get testRun(): boolean {
    return this.run.request.testRun;
  }
  get logger(): NodeLogger {
    return nodeLogger(this.run.logger, {
      run_id: this.run.request.runId,
      node_id: this.node.id,
      node_label: this.label,
    });
  }
  get http(): HttpPort {
    return this.run.ports.http ?? missingHttpPort;
  }
  get variables(): NodeVariables {
    const { run } = this;
    const { setGlobal } = run.ports;
    return {
      setVar(name, value) {
        run.vars[name] = value;
      },
      async setGlobal(name, value) {
        if (!setGlobal) throw new NonRetriableError('Global variables are not available in this context');
        await setGlobal(name, value);
        run.global[name] = value;
      },
    };
  }

  now(): Date {
    return this.run.now();
  }
  sleep(ms: number): Promise<void> {
    return sleep(ms, this.run.cancel.signal);
  }
  subWorkflow(call: SubWorkflowCall): Promise<SubWorkflowResult> {
    return callSubWorkflow(this.run, call);
  }
  credential(credentialId: string): Promise<LoadedCredential> {
    const port = this.run.ports.credential;
    if (!port) return Promise.reject(new NonRetriableError('Credentials are not available in this context'));
    return port(credentialId);
  }
  evaluate(expression: string): unknown {
    return evaluateSource(expression, this.scope);
  }
}

export function createNodeContext(
  run: RunState,
  node: WorkflowNode,
  given: { input: unknown; inputs: Record<string, unknown> },
  scope: ExpressionScope,
): NodeContext {
  return new RunNodeContext(run, node, given, scope);
}
