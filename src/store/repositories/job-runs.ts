/**
 * Claims of scheduled jobs: the (job, period) primary key lets exactly one insert succeed, so a
 * daily job runs once across every worker sharing the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../database.js';
import { jobRuns } from '../schema.js';

export function createJobRunRepository(db: Db) {
  return {
    /** True for the one caller whose insert of (job, period) went in. */
    async claim(job: string, period: string): Promise<boolean> {
      const inserted = await db
        .insert(jobRuns)
        .values({ job, period })
        .onConflictDoNothing({ target: [jobRuns.job, jobRuns.period] })
        .returning({ job: jobRuns.job });
      return inserted.length > 0;
    },

    async finish(job: string, period: string): Promise<void> {
      await db
        .update(jobRuns)
        .set({ finishedAt: sql`now()` })
        .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
    },
  };
}

export type JobRunRepository = ReturnType<typeof createJobRunRepository>;
