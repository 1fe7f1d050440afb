/**
 * A job that runs once a day at a local wall-clock time in a time zone, once across every worker:
 * a run first claims its period (the local date) and only the worker whose claim succeeds runs it.
 * Time comes from an injected clock, so `runDue(now)` and `nextRunAt(now)` can be driven by tests;
 * `start()` arms an unref'd timer for the next run and re-arms after each one.
 */
import { addDays, instantOfLocal, localDateOf } from './local-time.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface JobClaims {
  /** True when this caller got (job, period); false when someone else has it already. */
  claim(job: string, period: string): Promise<boolean>;
  finish(job: string, period: string): Promise<void>;
}

export interface DailyJobLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface DailyJobOptions<T> {
  name: string;
  timeZone: string;
  hour: number;
  minute: number;
  run(period: string): Promise<T>;
  claims: JobClaims;
  clock?: Clock;
  logger?: DailyJobLogger;
  /** How late a run may still start after its time (a timer firing late, a restart). */
  graceMs?: number;
  /** Longest single timer; the job wakes at least this often and re-checks the clock. */
  maxTimerMs?: number;
}

export type DailyJobOutcome<T> =
  | { status: 'not_due' }
  | { status: 'claimed_elsewhere'; period: string }
  | { status: 'ran'; period: string; result: T }
  | { status: 'failed'; period: string; error: unknown };

const HOUR_MS = 3_600_000;
/** After a failed claim (database down): wait this long before asking again. */
const RETRY_MS = 60_000;

export class DailyJob<T> {
  private readonly clock: Clock;
  private readonly graceMs: number;
  private readonly maxTimerMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  /** The last period this instance claimed or saw claimed: no need to ask the database again. */
  private lastPeriod: string | undefined;

  constructor(private readonly options: DailyJobOptions<T>) {
    this.clock = options.clock ?? systemClock;
    this.graceMs = options.graceMs ?? HOUR_MS;
    this.maxTimerMs = options.maxTimerMs ?? HOUR_MS;
  }

  /** When the run for `localDate` is due. */
  slotOf(localDate: string): Date {
    return instantOfLocal(localDate, this.options.hour, this.options.minute, this.options.timeZone);
  }

  /** The first run time strictly after `now`. */
  nextRunAt(now: Date = this.clock.now()): Date {
    const today = localDateOf(now, this.options.timeZone);
    for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
      const slot = this.slotOf(date);
      if (slot.getTime() > now.getTime()) return slot;
    }
    throw new Error(`no run time for ${this.options.name} in the next two days`);
  }

  /** The period whose run time has come at `now` and is at most `graceMs` old, if any. */
  duePeriod(now: Date = this.clock.now()): string | undefined {
    const today = localDateOf(now, this.options.timeZone);
    for (const date of [today, addDays(today, -1)]) {
      const slot = this.slotOf(date).getTime();
      if (slot <= now.getTime()) return now.getTime() - slot <= this.graceMs ? date : undefined;
    }
    return undefined;
  }

  /** Runs the due period if there is one and this caller wins its claim. */
  async runDue(now: Date = this.clock.now()): Promise<DailyJobOutcome<T>> {
    const period = this.duePeriod(now);
    if (period === undefined) return { status: 'not_due' };
    if (period === this.lastPeriod) return { status: 'claimed_elsewhere', period };
    const { name, claims, logger } = this.options;
    if (!(await claims.claim(name, period))) {
      this.lastPeriod = period;
      return { status: 'claimed_elsewhere', period };
    }
    this.lastPeriod = period;
    try {
      const result = await this.options.run(period);
      await claims.finish(name, period);
      logger?.info({ job: name, period, result }, 'scheduled job ran');
      return { status: 'ran', period, result };
    } catch (error) {
      // The claim stays: the period is not retried by another worker; the next period runs again.
      logger?.error({ job: name, period, err: error }, 'scheduled job failed');
      return { status: 'failed', period, error };
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.arm();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private arm(minDelayMs = 0): void {
    if (this.stopped) return;
    const now = this.clock.now();
    const due = this.duePeriod(now);
    const delay =
      due !== undefined && due !== this.lastPeriod
        ? 0
        : Math.min(Math.max(this.nextRunAt(now).getTime() - now.getTime(), 0), this.maxTimerMs);
    this.timer = setTimeout(() => this.fire(), Math.max(delay, minDelayMs));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    let retryMs = 0;
    this.running = this.runDue()
      .catch((error: unknown) => {
        retryMs = RETRY_MS;
        this.options.logger?.error(
          { job: this.options.name, err: error },
          'scheduled job could not claim its run',
        );
      })
      .finally(() => {
        this.running = undefined;
        this.arm(retryMs);
      });
  }
}
