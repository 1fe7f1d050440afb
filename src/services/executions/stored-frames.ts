/**
 * A run's frames as its history row keeps them. Every frame field whose value the row holds anyway
 * (a node_complete output is that node's result output, a node_start time is the node's startedAt,
 * an execution_complete status is the run's...) is left out, and put back on replay. A field is left
 * out only when it is the very value the row will hold (identity for outputs), so loop iterations
 * and masked runs keep their own values, and what is put back is always what was streamed.
 */
import type { FrameData } from './frames.js';

interface StoredNodeResult {
  label?: unknown;
  status?: unknown;
  output?: unknown;
  startedAt?: unknown;
  executionTimeMs?: unknown;
}

/** The history row the frames belong to (as written, or as read back). */
export interface FrameSource {
  id: string;
  startedAt: Date;
  status: string;
  outputs?: unknown;
  executionTimeMs?: number | null;
  nodeResults?: unknown;
}

/** How the row yields a field, given the frame's node result (when the frame names a node). */
type Derive = (row: FrameSource, node: StoredNodeResult | undefined) => unknown;

const startedMs = (node: StoredNodeResult | undefined) =>
  typeof node?.startedAt === 'string' ? Date.parse(node.startedAt) : undefined;

/** Per frame type, in the order frames are emitted: each field and how the row yields it (null: kept). */
const DERIVED = new Map<string, Map<string, Derive | null>>(
  Object.entries({
    execution_started: {
      type: null,
      execution_id: (row) => row.id,
      server_now_ms: (row) => row.startedAt.getTime(),
    },
    node_start: {
      type: null,
      node_id: null,
      node_label: (_, node) => node?.label,
      started_at_ms: (_, node) => startedMs(node),
    },
    node_complete: {
      type: null,
      node_id: null,
      node_label: (_, node) => node?.label,
      status: (_, node) => node?.status,
      output: (_, node) => node?.output,
      execution_time_ms: (_, node) => node?.executionTimeMs,
    },
    execution_complete: {
      type: null,
      status: (row) => row.status,
      outputs: (row) => row.outputs,
      execution_time_ms: (row) => row.executionTimeMs,
    },
  } satisfies Record<string, Record<string, Derive | null>>).map(([type, fields]) => [
    type,
    new Map(Object.entries(fields)),
  ]),
);

function nodeOf(frame: FrameData, row: FrameSource): StoredNodeResult | undefined {
  if (typeof frame.node_id !== 'string') return undefined;
  const results = row.nodeResults as Record<string, StoredNodeResult | undefined> | null | undefined;
  return results && Object.hasOwn(results, frame.node_id) ? results[frame.node_id] : undefined;
}

/** Maps the frames that carry derivable fields; others pass as they are. */
function eachDerivable(
  frames: readonly FrameData[],
  row: FrameSource,
  map: (
    frame: FrameData,
    fields: Map<string, Derive | null>,
    node: StoredNodeResult | undefined,
  ) => FrameData,
): FrameData[] {
  return frames.map((frame) => {
    const fields = DERIVED.get(frame.type);
    return fields ? map(frame, fields, nodeOf(frame, row)) : frame;
  });
}

export function compactFrames(frames: readonly FrameData[], row: FrameSource): FrameData[] {
  return eachDerivable(frames, row, (frame, fields, node) => {
    const stored: Record<string, unknown> = {};
    for (const key of Object.keys(frame)) {
      const derive = fields.get(key);
      if (!derive || derive(row, node) !== frame[key]) stored[key] = frame[key];
    }
    return stored as FrameData;
  });
}

/** The frames as they were streamed. */
export function expandFrames(stored: readonly FrameData[], row: FrameSource): FrameData[] {
  return eachDerivable(stored, row, (frame, fields, node) => {
    const full: Record<string, unknown> = {};
    for (const [key, derive] of fields) {
      full[key] = key in frame ? frame[key] : (derive?.(row, node) ?? null);
    }
    for (const key of Object.keys(frame)) if (!(key in full)) full[key] = frame[key];
    return full as FrameData;
  });
}
