import { eq } from 'drizzle-orm';
import type { Db } from '../database.js';
import { users } from '../schema.js';
import { isUniqueViolation } from './pg-errors.js';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  createdAt: Date;
}

export type CreateUserResult = { ok: true; user: UserRecord } | { ok: false; reason: 'email_taken' };

export function createUserRepository(db: Db) {
  return {
    async create(input: { email: string; name: string; passwordHash: string }): Promise<CreateUserResult> {
      try {
        const [user] = await db.insert(users).values(input).returning();
        return { ok: true, user: user! };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'email_taken' };
        throw error;
      }
    },

    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return user;
    },

    async findById(id: string): Promise<UserRecord | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    async count(): Promise<number> {
      const rows = await db.select({ id: users.id }).from(users);
      return rows.length;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
