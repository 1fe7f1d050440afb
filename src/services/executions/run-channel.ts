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
  private listeners = new Set<FrameListener>();
  private closed = false;

  push(data: Frame['data']): Frame {
    const frame = { id: this.frames.length + 1, data };
    this.frames.push(frame);
    for (const listener of this.listeners) listener(frame);
    return frame;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  /** Frames after `afterId`, then live ones, until the run ends or the returned function is called. */
  follow(afterId: number, listener: FrameListener, onEnd: () => void): () => void {
    for (const frame of this.frames) if (frame.id > afterId) listener(frame);
    if (this.closed) {
      onEnd();
      return () => {};
    }
    const wrapped: FrameListener = (frame) => {
      try {
        listener(frame);
      } finally {
        if (frame.data.type === 'execution_complete') {
          this.listeners.delete(wrapped);
          onEnd();
        }
      }
    };
    this.listeners.add(wrapped);
    return () => this.listeners.delete(wrapped);
  }
}

/** Channels of the runs of this process; finished ones linger briefly for late readers. */
export class RunChannels {
  private channels = new Map<string, RunChannel>();

  constructor(private readonly lingerMs = 60_000) {}

  open(executionId: string): RunChannel {
    const channel = new RunChannel();
    this.channels.set(executionId, channel);
    return channel;
  }

  get(executionId: string): RunChannel | undefined {
    return this.channels.get(executionId);
  }

  finish(executionId: string): void {
    const channel = this.channels.get(executionId);
    if (!channel) return;
    channel.close();
    setTimeout(() => {
      if (this.channels.get(executionId) === channel) this.channels.delete(executionId);
    }, this.lingerMs).unref();
  }
}
