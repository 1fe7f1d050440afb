/** Engine events as stream frames (spec 6.1), with the per-node start message of sse_node_config. */
import type { RunEvent } from '../../core/engine/index.js';

export type SseNodeConfig = Record<
  string,
  { send_start?: boolean; start_message?: string | null } | undefined
>;

export type FrameData = Record<string, unknown> & { type: string };

export function frameForEvent(event: RunEvent, sseConfig: SseNodeConfig): FrameData {
  if (event.type !== 'node_start') return { ...event };
  const config = sseConfig[event.node_id];
  if (!config?.send_start) return { ...event };
  const custom = typeof config.start_message === 'string' ? config.start_message.trim() : '';
  return { ...event, message: custom !== '' ? config.start_message! : `[START] ${event.node_label}` };
}
