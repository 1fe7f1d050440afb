/**
 * A run's frames as its history row keeps them. Every frame field whose value the row holds anyway
 * (a node_complete output is that node's result output, a node_start time is the node's startedAt,
 * an execution_complete status is the run's...) is left out, and put back on replay. A field is left
 * out only when it is the very value the row will hold (identity for outputs), so loop iterations
 * and masked runs keep their own values, and what is put back is always what was streamed.
 *
 * A frame left with nothing but its type and node id, as most are, is kept as the text
 * `type` or `type:node_id` rather than an object: a third of the bytes, and no object to build.
 * Rows written before that hold objects only, which replay as they always did.
 */
import { isoTimeMs } from '../../core/engine/index.js';
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
  typeof node?.startedAt === 'string' ? isoTimeMs(node.startedAt) : undefined;

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

/** A stored frame: the frame minus its derivable fields, or `type[:node_id]` when nothing else is left. */
export type StoredFrame = FrameData | string;

export function compactFrames(frames: readonly FrameData[], row: FrameSource): StoredFrame[] {
  return frames.map((frame) => compactFrame(frame, row));
}

/** Whether the row yields this field of the frame as it is. */
function derivable(
  fields: ReadonlyMap<string, Derive | null>,
  frame: FrameData,
  key: string,
  row: FrameSource,
  node: StoredNodeResult | undefined,
): boolean {
  const derive = fields.get(key);
  return derive ? derive(row, node) === frame[key] : false;
}

/**
 * Whether the frame holds nothing but its type, its node id (`null` in DERIVED: kept) and fields
 * the row yields as they are. One lookup per field, and for-in, which walks a frame's fields
 * without making an array of them.
 */
function holdsNothingElse(
  fields: ReadonlyMap<string, Derive | null>,
  frame: FrameData,
  row: FrameSource,
  node: StoredNodeResult | undefined,
): boolean {
  if (frame.node_id !== undefined && typeof frame.node_id !== 'string') return false;
  for (const key in frame) {
    const derive = fields.get(key);
    if (derive === null) continue;
    if (derive === undefined || derive(row, node) !== frame[key]) return false;
  }
  return true;
}

function compactFrame(frame: FrameData, row: FrameSource): StoredFrame {
  const fields = DERIVED.get(frame.type);
  if (!fields) return frame;
  const node = nodeOf(frame, row);
  // Most frames hold nothing the row does not: found without building the object they would be.
  if (holdsNothingElse(fields, frame, row, node))
    return typeof frame.node_id === 'string' ? `${frame.type}:${frame.node_id}` : frame.type;
  const stored: Record<string, unknown> = {};
  for (const key of Object.keys(frame))
    if (!derivable(fields, frame, key, row, node)) stored[key] = frame[key];
  return stored as FrameData;
}

/** A frame stored as text back to its object: the type, and the node id after the first colon. */
function fromText(text: string): FrameData {
  const colon = text.indexOf(':');
  return colon < 0 ? { type: text } : { type: text.slice(0, colon), node_id: text.slice(colon + 1) };
}

/** The frames as they were streamed. */
export function expandFrames(stored: readonly StoredFrame[], row: FrameSource): FrameData[] {
  return stored.map((entry) => {
    const frame = typeof entry === 'string' ? fromText(entry) : entry;
    const fields = DERIVED.get(frame.type);
    if (!fields) return frame;
    const node = nodeOf(frame, row);
    const full: Record<string, unknown> = {};
    for (const [key, derive] of fields) {
      full[key] = key in frame ? frame[key] : (derive?.(row, node) ?? null);
    }
    for (const key of Object.keys(frame)) if (!(key in full)) full[key] = frame[key];
    return full as FrameData;
  });
}
