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

type Derive = (frame: FrameData, row: FrameSource) => unknown;

const nodeOf = (frame: FrameData, row: FrameSource) =>
  (row.nodeResults as Record<string, StoredNodeResult | undefined> | null | undefined)?.[
    String(frame.node_id)
  ];

/** Per frame type, in the order frames are emitted: each field and how the row yields it. */
const DERIVED: Record<string, [string, Derive | undefined][]> = {
  execution_started: [
    ['type', undefined],
    ['execution_id', (_, row) => row.id],
    ['server_now_ms', (_, row) => row.startedAt.getTime()],
  ],
  node_start: [
    ['type', undefined],
    ['node_id', undefined],
    ['node_label', (frame, row) => nodeOf(frame, row)?.label],
    [
      'started_at_ms',
      (frame, row) => {
        const startedAt = nodeOf(frame, row)?.startedAt;
        return typeof startedAt === 'string' ? Date.parse(startedAt) : undefined;
      },
    ],
  ],
  node_complete: [
    ['type', undefined],
    ['node_id', undefined],
    ['node_label', (frame, row) => nodeOf(frame, row)?.label],
    ['status', (frame, row) => nodeOf(frame, row)?.status],
    ['output', (frame, row) => nodeOf(frame, row)?.output],
    ['execution_time_ms', (frame, row) => nodeOf(frame, row)?.executionTimeMs],
  ],
  execution_complete: [
    ['type', undefined],
    ['status', (_, row) => row.status],
    ['outputs', (_, row) => row.outputs],
    ['execution_time_ms', (_, row) => row.executionTimeMs],
  ],
};

export function compactFrames(frames: readonly FrameData[], row: FrameSource): FrameData[] {
  return frames.map((frame) => {
    const fields = DERIVED[frame.type];
    if (!fields) return frame;
    const stored: Record<string, unknown> = {};
    for (const key of Object.keys(frame)) {
      const derive = fields.find(([name]) => name === key)?.[1];
      if (!derive || derive(frame, row) !== frame[key]) stored[key] = frame[key];
    }
    return stored as FrameData;
  });
}

/** The frames as they were streamed. */
export function expandFrames(stored: readonly FrameData[], row: FrameSource): FrameData[] {
  return stored.map((frame) => {
    const fields = DERIVED[frame.type];
    if (!fields) return frame;
    const full: Record<string, unknown> = {};
    for (const [key, derive] of fields) {
      full[key] = key in frame ? frame[key] : (derive?.(frame, row) ?? null);
    }
    for (const key of Object.keys(frame)) if (!(key in full)) full[key] = frame[key];
    return full as FrameData;
  });
}
