/**
 * Test-only helpers for the engine's tests: the real node registry plus a few probe node types,
 * and small document builders. Not used by production code.
 */
import { Type } from 'typebox';
import { nodeRegistry } from '../../nodes/registry.js';
import type { WorkflowDocument, WorkflowEdge, WorkflowNode } from '../workflow/index.js';
import { defineNode, type NodeDefinition } from './define-node.js';
import { NodeError, NonRetriableError } from './errors.js';
import type { RunEvent } from './events.js';
import { runWorkflow, startRun } from './run.js';
import type { RunDeps, RunRequest } from './types.js';

/** A gate a test opens by hand. */
export interface Gate {
  promise: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Probes: `probe` nodes call `hooks[data.hook]`; `flaky` fails `failures` times first. */
export function probeRegistry(
  hooks: Record<string, (input: unknown, signal: AbortSignal) => Promise<unknown> | unknown> = {},
) {
  const calls = new Map<string, number>();
  const probe = defineNode({
    type: 'probe',
    group: 'misc',
    description: 'test probe',
    params: Type.Object({ hook: Type.String(), value: Type.Optional(Type.Unknown()) }),
    async run(ctx, params) {
      const hook = hooks[params.hook];
      if (!hook) return { output: params.value ?? ctx.input };
      return { output: await hook(ctx.input, ctx.signal) };
    },
  });
  const flaky = defineNode({
    type: 'flaky',
    group: 'misc',
    description: 'fails N times, then succeeds',
    params: Type.Object({ failures: Type.Number(), retriable: Type.Boolean({ default: true }) }),
    run(ctx, params) {
      const seen = (calls.get(ctx.node.id) ?? 0) + 1;
      calls.set(ctx.node.id, seen);
      if (seen <= params.failures) {
        if (!params.retriable) throw new NonRetriableError(`refused on call ${seen}`);
        throw new NodeError(`failed on call ${seen}`, true);
      }
      return { output: { calls: seen } };
    },
  });
  const registry = new Map<string, NodeDefinition>(nodeRegistry);
  registry.set(probe.type, probe);
  registry.set(flaky.type, flaky);
  return { registry, calls };
}

export function n(id: string, type: string, data: Record<string, unknown> = {}): WorkflowNode {
  return { id, type, position: { x: 0, y: 0 }, data: { label: id, ...data } };
}

export function e(
  source: string,
  target: string,
  sourceHandle?: string,
  targetHandle?: string,
): WorkflowEdge {
  return {
    id: `${source}>${target}${sourceHandle ? `:${sourceHandle}` : ''}${targetHandle ? `@${targetHandle}` : ''}`,
    source,
    target,
    ...(sourceHandle !== undefined ? { sourceHandle } : {}),
    ...(targetHandle !== undefined ? { targetHandle } : {}),
  };
}

export function request(workflow: WorkflowDocument, overrides: Partial<RunRequest> = {}): RunRequest {
  return {
    runId: 'run-1',
    workflow,
    trigger: { body: {}, headers: {}, query: {} },
    triggerSource: 'API',
    testRun: false,
    userId: 'user-1',
    depth: 0,
    ...overrides,
  };
}

/** Runs a workflow and records its events. */
export async function run(
  workflow: WorkflowDocument,
  deps: Partial<RunDeps> & Pick<RunDeps, 'registry'>,
  overrides: Partial<RunRequest> = {},
) {
  const events: RunEvent[] = [];
  const result = await runWorkflow(request(workflow, overrides), {
    ...deps,
    onEvent: (event) => events.push(event),
  });
  return { result, events };
}

export { startRun };
