/** Engine events as stream frames (spec 6.1), with the per-node start message of sse_node_config. */
import type { NodeStartEvent, RunEvent } from '../../core/engine/index.js';

export type SseNodeConfig = Record<
  string,
  { send_start?: boolean; start_message?: string | null } | undefined
>;

export type FrameData = Record<string, unknown> & { type: string };

/** Events are fresh objects the engine never touches again, so they become frames as they are. */
export function frameForEvent(event: RunEvent, sseConfig: SseNodeConfig): FrameData {
  if (event.type !== 'node_start') return event as unknown as FrameData;
  const config = sseConfig[event.node_id];
  if (!config?.send_start) return event as unknown as FrameData;
  const custom = typeof config.start_message === 'string' ? config.start_message.trim() : '';
  // Field by field, not `{ ...event, message }`: V8 gives each object made that way its own map.
  const frame: NodeStartEvent & { message: string } = {
    type: event.type,
    node_id: event.node_id,
    node_label: event.node_label,
    started_at_ms: event.started_at_ms,
    message: custom !== '' ? config.start_message! : `[START] ${event.node_label}`,
  };
  return frame as unknown as FrameData;
}
