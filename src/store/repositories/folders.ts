/**
 * Folder rows: one tree per owner (spec 2.2). Moves that change a parent run in one transaction that
 * locks the owner's folders, so two concurrent moves cannot build a cycle between them. Deleting a
 * folder deletes its sub-folders and puts every workflow filed in them back at the root, in one
 * transaction.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../database.js';
import { folders, workflows, workflowShares } from '../schema.js';
import { isUuid } from './ids.js';
import { isForeignKeyViolation } from './pg-errors.js';

export type FolderRow = typeof folders.$inferSelect;
export type NewFolder = Pick<FolderRow, 'ownerId' | 'name' | 'description' | 'parentId'>;
export type FolderChanges = Partial<Pick<FolderRow, 'name' | 'description' | 'parentId'>>;

export type FolderWriteResult =
  | { ok: true; row: FolderRow }
  | { ok: false; reason: 'not_found' | 'parent_not_found' | 'cycle' | 'too_deep' };

/** Deepest nesting of folders: a root is level 1. Keeps trees (and their JSON) shallow enough to walk. */
export const MAX_FOLDER_DEPTH = 32;

const byName = [asc(folders.name), asc(folders.createdAt), asc(folders.id)];

/** Every folder id under `rootId`, the root included (recursive; ends because parents form a tree). */
export async function subtreeIds(db: Pick<Db, 'execute'>, rootId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with recursive subtree(id) as (
      select ${folders.id} from ${folders} where ${folders.id} = ${rootId}
      union
      select f.id from ${folders} f join subtree s on f.parent_id = s.id
    )
    select id from subtree`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Levels from `id` up to its root: a root folder is 1. */
export async function depthOf(db: Pick<Db, 'execute'>, id: string): Promise<number> {
  const result = await db.execute<{ depth: number }>(sql`
    with recursive up(id, parent_id, depth) as (
      select ${folders.id}, ${folders.parentId}, 1 from ${folders} where ${folders.id} = ${id}
      union all
      select f.id, f.parent_id, u.depth + 1 from ${folders} f join up u on f.id = u.parent_id
      where u.depth <= ${MAX_FOLDER_DEPTH}
    )
    select max(depth)::int as depth from up`);
  return Number(rowsOf<{ depth: number }>(result)[0]?.depth ?? 0);
}

/** Levels from `id` down to its deepest descendant: a folder without sub-folders is 1. */
async function heightOf(db: Pick<Db, 'execute'>, id: string): Promise<number> {
  const result = await db.execute<{ height: number }>(sql`
    with recursive down(id, height) as (
      select ${folders.id}, 1 from ${folders} where ${folders.id} = ${id}
      union all
      select f.id, d.height + 1 from ${folders} f join down d on f.parent_id = d.id
      where d.height <= ${MAX_FOLDER_DEPTH}
    )
    select max(height)::int as height from down`);
  return Number(rowsOf<{ height: number }>(result)[0]?.height ?? 0);
}

/** drizzle's execute answers `{rows}` on node-postgres and PGlite alike. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export function createFolderRepository(db: Db) {
  async function findOwned(id: string, ownerId: string): Promise<FolderRow | undefined> {
    if (!isUuid(id) || !isUuid(ownerId)) return undefined;
    const [row] = await db
      .select()
      .from(folders)
      .where(and(eq(folders.id, id), eq(folders.ownerId, ownerId)))
      .limit(1);
    return row;
  }

  return {
    /** `parent_not_found` when the parent is not the owner's (or was deleted meanwhile). */
    async create(input: NewFolder): Promise<FolderWriteResult> {
      if (!isUuid(input.ownerId)) return { ok: false, reason: 'not_found' };
      if (input.parentId !== null) {
        if (!(await findOwned(input.parentId, input.ownerId)))
          return { ok: false, reason: 'parent_not_found' };
        if ((await depthOf(db, input.parentId)) >= MAX_FOLDER_DEPTH) return { ok: false, reason: 'too_deep' };
      }
      try {
        const [row] = await db.insert(folders).values(input).returning();
        return { ok: true, row: row! };
      } catch (error) {
        if (isForeignKeyViolation(error)) return { ok: false, reason: 'parent_not_found' };
        throw error;
      }
    },

    findOwned,

    async isOwnedBy(id: string, ownerId: string): Promise<boolean> {
      return (await findOwned(id, ownerId)) !== undefined;
    },

    async listRoots(ownerId: string): Promise<FolderRow[]> {
      if (!isUuid(ownerId)) return [];
      return db
        .select()
        .from(folders)
        .where(and(eq(folders.ownerId, ownerId), isNull(folders.parentId)))
        .orderBy(...byName);
    },

    /** Every folder of the owner, by name. */
    async listOwned(ownerId: string): Promise<FolderRow[]> {
      if (!isUuid(ownerId)) return [];
      return db
        .select()
        .from(folders)
        .where(eq(folders.ownerId, ownerId))
        .orderBy(...byName);
    },

    /** The folder and every folder under it, by name. */
    async listSubtree(rootId: string, ownerId: string): Promise<FolderRow[]> {
      if (!isUuid(rootId) || !isUuid(ownerId)) return [];
      const ids = await subtreeIds(db, rootId);
      if (ids.length === 0) return [];
      return db
        .select()
        .from(folders)
        .where(and(inArray(folders.id, ids), eq(folders.ownerId, ownerId)))
        .orderBy(...byName);
    },

    /**
     * Renames or moves. A new parent must be the owner's and must not be the folder itself or one
     * of its descendants (`cycle`); the owner's folders are locked while this is checked.
     */
    async update(id: string, ownerId: string, changes: FolderChanges): Promise<FolderWriteResult> {
      if (!isUuid(id) || !isUuid(ownerId)) return { ok: false, reason: 'not_found' };
      return db.transaction(async (tx): Promise<FolderWriteResult> => {
        const moving = changes.parentId !== undefined;
        const owned = await tx
          .select({ id: folders.id })
          .from(folders)
          .where(
            moving ? eq(folders.ownerId, ownerId) : and(eq(folders.id, id), eq(folders.ownerId, ownerId)),
          )
          .orderBy(asc(folders.id))
          .for('update');
        if (!owned.some((row) => row.id === id)) return { ok: false, reason: 'not_found' };
        const parentId = changes.parentId;
        if (parentId !== undefined && parentId !== null) {
          if (!owned.some((row) => row.id === parentId)) return { ok: false, reason: 'parent_not_found' };
          if ((await subtreeIds(tx, id)).includes(parentId)) return { ok: false, reason: 'cycle' };
          if ((await depthOf(tx, parentId)) + (await heightOf(tx, id)) > MAX_FOLDER_DEPTH) {
            return { ok: false, reason: 'too_deep' };
          }
        }
        const [row] = await tx
          .update(folders)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(folders.id, id))
          .returning();
        return { ok: true, row: row! };
      });
    },

    /**
     * Deletes the folder and its sub-folders; the workflows filed in any of them (the owner's own
     * and collaborators' shared ones) go back to the root. Answers the ids of the owner's workflows
     * that moved, or undefined when the folder is not the owner's.
     */
    async delete(id: string, ownerId: string): Promise<{ movedWorkflowIds: string[] } | undefined> {
      if (!isUuid(id) || !isUuid(ownerId)) return undefined;
      return db.transaction(async (tx) => {
        const [root] = await tx
          .select({ id: folders.id })
          .from(folders)
          .where(and(eq(folders.id, id), eq(folders.ownerId, ownerId)))
          .for('update');
        if (!root) return undefined;
        const ids = await subtreeIds(tx, id);
        const moved = await tx
          .update(workflows)
          .set({ folderId: null, updatedAt: sql`now()` })
          .where(inArray(workflows.folderId, ids))
          .returning({ id: workflows.id });
        await tx.update(workflowShares).set({ folderId: null }).where(inArray(workflowShares.folderId, ids));
        // Sub-folders go with it (parent_id cascades); they were all emptied above.
        await tx.delete(folders).where(eq(folders.id, id));
        return { movedWorkflowIds: moved.map((row) => row.id) };
      });
    },
  };
}

export type FolderRepository = ReturnType<typeof createFolderRepository>;
