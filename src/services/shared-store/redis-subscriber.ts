/**
 * The subscriber side of Redis pub/sub. A connection in subscriber mode cannot run other commands,
 * so RedisStore opens this one lazily, on the first subscribe, and fans messages out to handlers.
 */
import type { Redis } from 'ioredis';
import type { MessageHandler, Unsubscribe } from './shared-store.js';

interface Subscription {
  handler: MessageHandler;
}

interface ChannelState {
  subscribers: Set<Subscription>;
  /** Settles when Redis confirmed the SUBSCRIBE; later subscribers wait for it too. */
  confirmed: Promise<unknown>;
}

export class RedisSubscriber {
  private connection: Redis | undefined;
  private readonly channels = new Map<string, ChannelState>();

  constructor(
    private readonly openConnection: () => Redis,
    private readonly onError: (error: unknown) => void,
  ) {}

  async subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    const connection = this.connect();
    const subscription: Subscription = { handler };
    let state = this.channels.get(channel);
    if (!state) {
      const created: ChannelState = { subscribers: new Set(), confirmed: connection.subscribe(channel) };
      created.confirmed.catch(() => {
        if (this.channels.get(channel) === created) this.channels.delete(channel);
      });
      this.channels.set(channel, created);
      state = created;
    }
    state.subscribers.add(subscription);
    await state.confirmed;
    return async () => {
      const current = this.channels.get(channel);
      if (!current?.subscribers.delete(subscription) || current.subscribers.size > 0) return;
      this.channels.delete(channel);
      await connection.unsubscribe(channel);
    };
  }

  async close(): Promise<void> {
    this.channels.clear();
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await closeConnection(connection);
  }

  private connect(): Redis {
    if (this.connection) return this.connection;
    const connection = this.openConnection();
    connection.on('message', (channel: string, message: string) => this.deliver(channel, message));
    this.connection = connection;
    return connection;
  }

  private deliver(channel: string, message: string): void {
    for (const subscription of [...(this.channels.get(channel)?.subscribers ?? [])]) {
      try {
        subscription.handler(message);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/** QUIT when connected (lets pending replies arrive); otherwise drop the connection attempt. */
export async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    await connection.quit();
  } else {
    connection.disconnect();
  }
}
