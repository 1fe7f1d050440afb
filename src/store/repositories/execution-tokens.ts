/**
 * Execution token rows (spec 2.4): the row id is the JWT's jti. Verification reads one row by
 * primary key on every use, so a revocation is seen by every worker on the very next request.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../database.js';
import { executionTokens } from '../schema.js';
import { isUuid } from './workflows.js';

export type ExecutionTokenRow = typeof executionTokens.$inferSelect;

export interface NewExecutionToken {
  id: string;
  workflowId: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

export function createExecutionTokenRepository(db: Db) {
  return {
    async insert(input: NewExecutionToken): Promise<ExecutionTokenRow> {
      const [row] = await db.insert(executionTokens).values(input).returning();
      return row!;
    },

    async findById(id: string): Promise<ExecutionTokenRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(executionTokens).where(eq(executionTokens.id, id)).limit(1);
      return row;
    },

    /** The tokens `userId` created for one workflow, newest first. */
    async listOwn(workflowId: string, userId: string): Promise<ExecutionTokenRow[]> {
      if (!isUuid(workflowId) || !isUuid(userId)) return [];
      return db
        .select()
        .from(executionTokens)
        .where(and(eq(executionTokens.workflowId, workflowId), eq(executionTokens.userId, userId)))
        .orderBy(desc(executionTokens.createdAt), desc(executionTokens.id));
    },

    /**
     * Revokes one of `userId`'s tokens for `workflowId`; false when there is no such token. Revoking
     * twice keeps the first time: there is no way back.
     */
    async revokeOwn(id: string, workflowId: string, userId: string, at: Date): Promise<boolean> {
      if (!isUuid(id) || !isUuid(workflowId) || !isUuid(userId)) return false;
      const revoked = await db
        .update(executionTokens)
        .set({ revokedAt: sql`coalesce(${executionTokens.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(executionTokens.id, id),
            eq(executionTokens.workflowId, workflowId),
            eq(executionTokens.userId, userId),
          ),
        )
        .returning({ id: executionTokens.id });
      return revoked.length > 0;
    },
  };
}

export type ExecutionTokenRepository = ReturnType<typeof createExecutionTokenRepository>;
