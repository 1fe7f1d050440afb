import type { WorkflowDocument } from '../workflow/index.js';
import type { RunCancel } from './abort.js';
import type { NodeRegistry } from './define-node.js';
import type { RunEventListener } from './events.js';
import type { EnginePorts } from './ports.js';
import type { NodeStatus, RunStatus } from './status.js';

export interface RunRequest {
  runId: string;
  workflow: WorkflowDocument;
  /** HTTP triggers pass `{body, headers, query}`; other triggers their own payload. */
  trigger: unknown;
  triggerSource: string | null;
  testRun: boolean;
  userId: string | null;
  /** Sub-workflow depth; 0 for a top-level run. */
  depth: number;
  /** Start nodes of group `trigger` that fire; others are skipped. Omit to fire every start node. */
  startNodeIds?: readonly string[];
  vars?: Record<string, unknown>;
  global?: Record<string, unknown>;
  credentials?: Record<string, unknown>;
  /** Cancels the run; `cancel` (cheaper, see abort.ts) wins over `signal` when both are given. */
  signal?: AbortSignal;
  cancel?: RunCancel;
}

export interface RunDeps {
  registry: NodeRegistry;
  ports?: EnginePorts;
  onEvent?: RunEventListener;
  now?: () => Date;
  /** Deepest allowed sub-workflow depth (default 10). */
  maxDepth?: number;
}

export interface NodeResult {
  label: string;
  type: string;
  status: NodeStatus;
  output: unknown;
  error?: string;
  /** ISO timestamps; null for nodes that never started. */
  startedAt: string | null;
  finishedAt: string | null;
  executionTimeMs: number;
  attempts: number;
}

export interface RunError {
  message: string;
  node_label: string | null;
  node_id: string | null;
}

export interface EarlyOutput {
  label: string;
  output: unknown;
}

export interface RunResult {
  status: RunStatus;
  /** Terminal nodes (and every output / jsonOutputMapper node) that ran, keyed by label. */
  outputs: Record<string, unknown>;
  nodeResults: Record<string, NodeResult>;
  /** Set by a Throw Error node that failed the run. */
  httpStatus?: number;
  earlyOutput?: EarlyOutput;
  /** The mapped object when a jsonOutputMapper is the only terminal that ran. */
  responseBody?: unknown;
  error?: RunError;
  executionTimeMs: number;
}

export interface RunHandle {
  /** Resolves at the first returnEarly Output node, or with null when the run ends without one. */
  early: Promise<EarlyOutput | null>;
  /** Resolves when the run is over; never rejects. */
  done: Promise<RunResult>;
}
