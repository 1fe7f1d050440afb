/** Builds the `ctx` a node's `run` receives; every side effect goes through the run's ports. */
import { evaluateExpression, type ExpressionScope } from '../expressions/index.js';
import type { WorkflowNode } from '../workflow/index.js';
import { sleep } from './abort.js';
import type { NodeContext, NodeLogger, SubWorkflowCall } from './define-node.js';
import { NonRetriableError } from './errors.js';
import type { EngineLogger, HttpPort, SubWorkflowResult } from './ports.js';
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
    signal: run.signal,
  });
}

export function createNodeContext(
  run: RunState,
  node: WorkflowNode,
  given: { input: unknown; inputs: Record<string, unknown> },
  scope: ExpressionScope,
): NodeContext {
  const { setGlobal } = run.ports;
  return {
    node,
    label: node.data.label,
    input: given.input,
    inputs: given.inputs,
    trigger: run.request.trigger,
    signal: run.signal,
    logger: nodeLogger(run.logger, {
      run_id: run.request.runId,
      node_id: node.id,
      node_label: node.data.label,
    }),
    runId: run.request.runId,
    testRun: run.request.testRun,
    now: () => run.now(),
    sleep: (ms) => sleep(ms, run.signal),
    http: run.ports.http ?? missingHttpPort,
    subWorkflow: (call) => callSubWorkflow(run, call),
    credential: (credentialId) => {
      const port = run.ports.credential;
      if (!port)
        return Promise.reject(new NonRetriableError('Credentials are not available in this context'));
      return port(credentialId);
    },
    variables: {
      setVar(name, value) {
        run.vars[name] = value;
      },
      async setGlobal(name, value) {
        if (!setGlobal) throw new NonRetriableError('Global variables are not available in this context');
        await setGlobal(name, value);
        run.global[name] = value;
      },
    },
    scope,
    evaluate: (expression) => evaluateSource(expression, scope),
  };
}
