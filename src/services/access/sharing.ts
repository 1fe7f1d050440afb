/**
 * Sharing a workflow, a credential or a global variable with users and teams (spec 4.6, 4.7, 5.8;
 * design 9), as in n8n: whoever may use the resource may list its shares; only the owner changes
 * them (403 `forbidden` for a recipient, 404 for anyone else). Sharing with a team needs the owner
 * to be a member of it (404 otherwise). Records are the share schemas of `share.ts`.
 */
import { AppError } from '../../core/errors.js';
import type { TeamShare, UserShare } from '../../http/schemas/share.js';
import type {
  AddShareResult,
  ResourceTeamShare,
  ResourceUserShare,
} from '../../store/repositories/share-repository.js';
import { normaliseEmail } from '../auth/auth-service.js';

export interface ShareableStore {
  findUsable(id: string, userId: string): Promise<{ id: string; ownerId: string } | undefined>;
  listShares(ids: string[]): Promise<ResourceUserShare[]>;
  listTeamShares(ids: string[]): Promise<ResourceTeamShare[]>;
  addShare(id: string, userId: string): Promise<AddShareResult>;
  /** False when there was no such share. */
  removeShare(id: string, userId: string): Promise<boolean>;
  addTeamShare(id: string, teamId: string): Promise<AddShareResult>;
  removeTeamShare(id: string, teamId: string): Promise<boolean>;
}

export interface SharingDeps {
  store: ShareableStore;
  users: { findByEmail(email: string): Promise<{ id: string; email: string; name: string } | undefined> };
  teams: { findForMember(teamId: string, userId: string): Promise<{ id: string; name: string } | undefined> };
  /** How errors name the resource: "workflow", "credential", "global variable". */
  noun: string;
}

export const toUserShare = (share: ResourceUserShare): UserShare => ({
  user_id: share.userId,
  email: share.email,
  name: share.name,
  created_at: share.createdAt.toISOString(),
});
export const toTeamShare = (share: ResourceTeamShare): TeamShare => ({
  team_id: share.teamId,
  name: share.name,
  created_at: share.createdAt.toISOString(),
});

export function createSharing({ store, users, teams, noun }: SharingDeps) {
  const notFound = (detail: string) => new AppError('not_found', { detail });

  function added(result: AddShareResult, what: string): Date {
    if (result.ok) return result.createdAt;
    if (result.reason === 'exists')
      throw new AppError('conflict', { detail: `The ${noun} is already shared with ${what}` });
    throw notFound(`The ${noun} or ${what} no longer exists`);
  }

  async function visible(userId: string, id: string) {
    const row = await store.findUsable(id, userId);
    if (!row) throw notFound(`No such ${noun}`);
    return row;
  }

  async function managed(userId: string, id: string) {
    const row = await visible(userId, id);
    if (row.ownerId !== userId) {
      throw new AppError('forbidden', { detail: `Only the ${noun}'s owner may change its shares` });
    }
    return row;
  }

  return {
    async listUsers(userId: string, id: string): Promise<UserShare[]> {
      const row = await visible(userId, id);
      return (await store.listShares([row.id])).map(toUserShare);
    },

    async shareWithUser(userId: string, id: string, email: string): Promise<UserShare> {
      const row = await managed(userId, id);
      const user = await users.findByEmail(normaliseEmail(email));
      if (!user) throw notFound('No account has that email');
      if (user.id === row.ownerId) {
        throw new AppError('validation_failed', {
          detail: `The owner already has access to the ${noun}`,
          errors: [{ path: 'body/email', message: `is the ${noun}'s owner` }],
        });
      }
      const at = added(await store.addShare(row.id, user.id), user.email);
      return { user_id: user.id, email: user.email, name: user.name, created_at: at.toISOString() };
    },

    async unshareUser(userId: string, id: string, targetUserId: string): Promise<void> {
      const row = await managed(userId, id);
      if (!(await store.removeShare(row.id, targetUserId))) throw notFound('No such share');
    },

    async listTeams(userId: string, id: string): Promise<TeamShare[]> {
      const row = await visible(userId, id);
      return (await store.listTeamShares([row.id])).map(toTeamShare);
    },

    async shareWithTeam(userId: string, id: string, teamId: string): Promise<TeamShare> {
      const row = await managed(userId, id);
      const team = await teams.findForMember(teamId, userId);
      if (!team) throw notFound('No such team');
      const at = added(await store.addTeamShare(row.id, team.id), `team ${team.name}`);
      return { team_id: team.id, name: team.name, created_at: at.toISOString() };
    },

    /** The owner may remove any team share, member of that team or not. */
    async unshareTeam(userId: string, id: string, teamId: string): Promise<void> {
      const row = await managed(userId, id);
      if (!(await store.removeTeamShare(row.id, teamId))) throw notFound('No such share');
    },
  };
}

export type Sharing = ReturnType<typeof createSharing>;
