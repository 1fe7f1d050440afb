/**
 * The state of a run as the canvas shows it, built from stream frames (spec 6.1) or from a stored
 * execution. Pure: a reducer and its actions.
 */
import type { Execution } from '../api/types';
import type { RunFrame } from '../stream/sse-parser';

export type NodeRunStatus = 'pending' | 'running' | 'success' | 'error' | 'skipped' | 'cancelled';
export type RunStatus =
  'idle' | 'running' | 'success' | 'error' | 'cancelled' | 'cached' | 'rate_limited' | string;

export interface NodeRun {
  status: NodeRunStatus;
  label?: string;
  output?: unknown;
  error?: string;
  timeMs?: number;
  attempt?: number;
  maxAttempts?: number;
  message?: string;
}

export interface RunState {
  executionId: string | null;
  status: RunStatus;
  nodes: Record<string, NodeRun>;
  outputs: unknown;
  executionTimeMs: number | null;
  /** Where the state came from: a live stream, a reconnect, or a stored execution. */
  source: 'live' | 'reconnect' | 'history' | null;
  error: string | null;
}

export const idleRun: RunState = {
  executionId: null,
  status: 'idle',
  nodes: {},
  outputs: null,
  executionTimeMs: null,
  source: null,
  error: null,
};

export type RunAction =
  | { type: 'start'; nodeIds: string[]; source: 'live' | 'reconnect'; executionId?: string }
  | { type: 'frame'; frame: RunFrame }
  | { type: 'failed'; error: string }
  | { type: 'replay'; execution: Execution }
  | { type: 'reset' };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function applyFrame(state: RunState, frame: RunFrame): RunState {
  const nodeId = str(frame.node_id);
  const node = (id: string): NodeRun => state.nodes[id] ?? { status: 'pending' };
  switch (frame.type) {
    case 'execution_started':
      return { ...state, executionId: str(frame.execution_id) ?? state.executionId, status: 'running' };
    case 'node_start':
      if (!nodeId) return state;
      return {
        ...state,
        nodes: {
          ...state.nodes,
          [nodeId]: {
            ...node(nodeId),
            status: 'running',
            label: str(frame.node_label),
            ...(str(frame.message) ? { message: str(frame.message) } : {}),
          },
        },
      };
    case 'node_retry':
      if (!nodeId) return state;
      return {
        ...state,
        nodes: {
          ...state.nodes,
          [nodeId]: {
            ...node(nodeId),
            status: 'running',
            attempt: num(frame.attempt),
            maxAttempts: num(frame.max_attempts),
          },
        },
      };
    case 'node_complete': {
      if (!nodeId) return state;
      const status = str(frame.status);
      return {
        ...state,
        nodes: {
          ...state.nodes,
          [nodeId]: {
            ...node(nodeId),
            status: status === 'success' || status === 'error' || status === 'cancelled' ? status : 'success',
            label: str(frame.node_label) ?? node(nodeId).label,
            output: frame.output,
            ...(str(frame.error) ? { error: str(frame.error) } : {}),
            timeMs: num(frame.execution_time_ms),
          },
        },
      };
    }
    case 'execution_complete': {
      const nodes: Record<string, NodeRun> = {};
      for (const [id, run] of Object.entries(state.nodes)) {
        nodes[id] =
          run.status === 'pending'
            ? { ...run, status: 'skipped' }
            : run.status === 'running'
              ? { ...run, status: 'cancelled' }
              : run;
      }
      return {
        ...state,
        nodes,
        status: str(frame.status) ?? 'success',
        outputs: frame.outputs ?? null,
        executionTimeMs: num(frame.execution_time_ms) ?? null,
      };
    }
    default:
      return state;
  }
}

function replay(execution: Execution): RunState {
  const nodes: Record<string, NodeRun> = {};
  for (const [id, result] of Object.entries(execution.node_results ?? {})) {
    const status =
      (['success', 'error', 'skipped', 'cancelled'] as const).find((s) => s === result.status) ?? 'pending';
    nodes[id] = {
      status,
      label: str(result.label),
      output: result.output,
      ...(str(result.error) ? { error: str(result.error) } : {}),
      // A node that never ran has no time, not "0 ms".
      ...(status !== 'skipped' ? { timeMs: num(result.execution_time_ms) } : {}),
      attempt: num(result.attempts),
    };
  }
  return {
    executionId: execution.id,
    status: execution.status,
    nodes,
    outputs: execution.outputs,
    executionTimeMs: execution.execution_time_ms,
    source: 'history',
    error: null,
  };
}

export function runReducer(state: RunState, action: RunAction): RunState {
  switch (action.type) {
    case 'start':
      return {
        ...idleRun,
        status: 'running',
        source: action.source,
        executionId: action.executionId ?? null,
        nodes: Object.fromEntries(action.nodeIds.map((id) => [id, { status: 'pending' as const }])),
      };
    case 'frame':
      return applyFrame(state, action.frame);
    case 'failed':
      return { ...state, status: 'error', error: action.error };
    case 'replay':
      return replay(action.execution);
    case 'reset':
      return idleRun;
  }
}

export const isTerminal = (status: RunStatus) => status !== 'running' && status !== 'idle';
