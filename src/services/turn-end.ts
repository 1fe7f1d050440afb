/**
 * Work put off to the end of the event loop's current turn (one setImmediate), in two lanes.
 *
 * Replies finished during a turn go out together. On loopback, writing a reply to a client that
 * has gone idle costs a wake-up of that client, which on a virtual machine costs more than the
 * write itself; a client woken by the first of a turn's replies finds the rest already there.
 * Background work (turning history rows into text) runs after the replies, while clients read
 * their answers instead of waiting for them.
 */
type Task = () => void;

export class TurnEnd {
  private replies: Task[] = [];
  private background: Task[] = [];
  private scheduled = false;

  /** `onError` hears of a task that threw; the tasks after it still run. */
  constructor(private readonly onError: (error: unknown) => void) {}

  reply(task: Task): void {
    this.replies.push(task);
    this.schedule();
  }

  afterReplies(task: Task): void {
    this.background.push(task);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.run);
  }

  private readonly run = (): void => {
    this.scheduled = false;
    const { replies, background } = this;
    this.replies = [];
    this.background = [];
    for (const task of replies) this.attempt(task);
    for (const task of background) this.attempt(task);
  };

  private attempt(task: Task): void {
    try {
      task();
    } catch (error) {
      this.onError(error);
    }
  }
}
