/** Run events (spec 6.1). `execution_started` and the node_start `message` belong to the HTTP layer. */
import type { NodeStatus, RunStatus } from './status.js';

export interface NodeStartEvent {
  type: 'node_start';
  node_id: string;
  node_label: string;
  started_at_ms: number;
}

export interface NodeRetryEvent {
  type: 'node_retry';
  node_id: string;
  /** The attempt about to start (2 for the first retry). */
  attempt: number;
  max_attempts: number;
}

export interface NodeCompleteEvent {
  type: 'node_complete';
  node_id: string;
  node_label: string;
  status: Exclude<NodeStatus, 'skipped'>;
  /** Always present; null when the node produced nothing. */
  output: unknown;
  /** Present when status is error. */
  error?: string;
  execution_time_ms: number;
}

export interface FinalOutputEvent {
  type: 'final_output';
  node_label: string;
  output: unknown;
}

export interface ExecutionCompleteEvent {
  type: 'execution_complete';
  status: RunStatus;
  outputs: Record<string, unknown>;
  execution_time_ms: number;
}

export type RunEvent =
  NodeStartEvent | NodeRetryEvent | NodeCompleteEvent | FinalOutputEvent | ExecutionCompleteEvent;

export type RunEventListener = (event: RunEvent) => void;

/** A listener's failure must never break a run. */
export function safeEmitter(
  listener: RunEventListener | undefined,
  onError: (error: unknown) => void,
): RunEventListener {
  if (!listener) return () => {};
  return (event) => {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  };
}
