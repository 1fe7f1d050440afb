/**
 * In-process publish/subscribe with Redis-like delivery: asynchronous, in publish order, and a
 * throwing handler never affects the others.
 */
import type { MessageHandler, Unsubscribe } from './shared-store.js';

interface Subscription {
  handler: MessageHandler;
}

export class LocalChannels {
  private readonly subscriptions = new Map<string, Set<Subscription>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  publish(channel: string, message: string): void {
    const subscribers = [...(this.subscriptions.get(channel) ?? [])];
    for (const subscription of subscribers) {
      queueMicrotask(() => {
        try {
          subscription.handler(message);
        } catch (error) {
          this.onError(error);
        }
      });
    }
  }

  subscribe(channel: string, handler: MessageHandler): Unsubscribe {
    const subscription: Subscription = { handler };
    let subscribers = this.subscriptions.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.subscriptions.set(channel, subscribers);
    }
    subscribers.add(subscription);
    return async () => {
      const current = this.subscriptions.get(channel);
      current?.delete(subscription);
      if (current?.size === 0) this.subscriptions.delete(channel);
    };
  }

  /** Number of channels with at least one subscriber. */
  get channelCount(): number {
    return this.subscriptions.size;
  }

  clear(): void {
    this.subscriptions.clear();
  }
}
