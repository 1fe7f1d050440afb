import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../database.js';
import { refreshTokens } from '../schema.js';

export interface RefreshTokenRecord {
  id: string;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

export type ConsumeResult =
  | { kind: 'rotated'; token: RefreshTokenRecord }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'reused'; familyId: string; userId: string };

export function createRefreshTokenRepository(db: Db) {
  const revokeFamily = async (familyId: string, at: Date) => {
    await db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  };

  return {
    async insert(input: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
      const [row] = await db.insert(refreshTokens).values(input).returning();
      return row!;
    },

    /**
     * Marks a token used and issues its successor in one transaction. A token that was already used
     * or revoked is a replay: the whole family is revoked.
     */
    async rotate(
      tokenHash: string,
      successor: { tokenHash: string; expiresAt: Date },
      now: Date,
    ): Promise<ConsumeResult> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1)
          .for('update');
        if (!current) return { kind: 'unknown' } as const;
        if (current.usedAt || current.revokedAt) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: now })
            .where(and(eq(refreshTokens.familyId, current.familyId), isNull(refreshTokens.revokedAt)));
          return { kind: 'reused', familyId: current.familyId, userId: current.userId } as const;
        }
        if (current.expiresAt <= now) return { kind: 'expired' } as const;
        await tx
          .update(refreshTokens)
          .set({ usedAt: now, revokedAt: now })
          .where(eq(refreshTokens.id, current.id));
        const [next] = await tx
          .insert(refreshTokens)
          .values({ userId: current.userId, familyId: current.familyId, ...successor })
          .returning();
        return { kind: 'rotated', token: next! } as const;
      });
    },

    revokeFamily,

    async listFamily(familyId: string): Promise<RefreshTokenRecord[]> {
      return db.select().from(refreshTokens).where(eq(refreshTokens.familyId, familyId));
    },
  };
}

export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
