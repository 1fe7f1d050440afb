import type { LazyCancel } from '../../core/engine/index.js';

/**
 * The live frames of one run: numbered in order, kept so a late or reconnecting reader can replay
 * from any point (Last-Event-ID) and then follow, until the run completes.
 */
export interface Frame {
  id: number;
  data: Record<string, unknown> & { type: string };
}

export type FrameListener = (frame: Frame) => void;

export class RunChannel {
  readonly frames: Frame[] = [];
  /** Made when a first reader follows: most runs have none. */
  private followers: { listeners: Set<FrameListener>; enders: Set<() => void> } | undefined;
  private closed = false;

  /** `cancel`: the run's cancellation, for a cancel request to find by the run's id. */
  constructor(readonly cancel?: LazyCancel) {}

  push(data: Frame['data']): Frame {
    const frame = { id: this.frames.length + 1, data };
    this.frames.push(frame);
    if (this.followers) for (const listener of this.followers.listeners) listener(frame);
    return frame;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends the channel; followers still attached are told the run is over. */
  close(): void {
    this.closed = true;
    if (!this.followers) return;
    const { listeners, enders } = this.followers;
    const remaining = [...enders];
    listeners.clear();
    enders.clear();
    for (const end of remaining) end();
  }

  /** Frames after `afterId`, then live ones, until the run ends or the returned function is called. */
  follow(afterId: number, listener: FrameListener, onEnd: () => void): () => void {
    for (const frame of this.frames) if (frame.id > afterId) listener(frame);
    if (this.closed) {
      onEnd();
      return () => {};
    }
    const { listeners, enders } = (this.followers ??= { listeners: new Set(), enders: new Set() });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      listeners.delete(wrapped);
      enders.delete(end);
      onEnd();
    };
    const wrapped: FrameListener = (frame) => {
      try {
        listener(frame);
      } finally {
        if (frame.data.type === 'execution_complete') end();
      }
    };
    listeners.add(wrapped);
    enders.add(end);
    return () => {
      listeners.delete(wrapped);
      enders.delete(end);
    };
  }
}

/**
 * Channels of the runs in flight in this process, with each run's cancellation (which CancelSignals
 * finds here: one table of live runs, as each entry added and removed costs a long-lived Map a
 * share of a new table in the old generation). A finished run's channel is dropped at once: its
 * frames are in the history row (visible to readers while still queued), which late readers replay.
 */
export class RunChannels {
  private channels = new Map<string, RunChannel>();

  open(executionId: string, cancel?: LazyCancel): RunChannel {
    const channel = new RunChannel(cancel);
    this.channels.set(executionId, channel);
    return channel;
  }

  get(executionId: string): RunChannel | undefined {
    return this.channels.get(executionId);
  }

  /** The cancellation of a run in flight here. */
  cancelOf(executionId: string): LazyCancel | undefined {
    return this.channels.get(executionId)?.cancel;
  }

  finish(executionId: string): void {
    const channel = this.channels.get(executionId);
    if (!channel) return;
    channel.close();
    this.channels.delete(executionId);
  }
}
