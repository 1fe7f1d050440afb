/**
 * Teams (spec 4.6, 5.8; design 9, 10). Only members see a team (everyone else gets 404). Any
 * member may add and remove members, except that nobody removes the creator (403). Only the
 * creator edits or deletes the team (a member gets 403). Deleting a team removes its shares.
 */
import { AppError } from '../../core/errors.js';
import type {
  CreateTeamBody,
  PatchTeamBody,
  SharedEntities,
  TeamMemberRecord,
  TeamRecord,
} from '../../http/schemas/team.js';
import type { TeamChanges, TeamRepository, TeamRow } from '../../store/repositories/teams.js';
import type { UserRepository } from '../../store/repositories/users.js';
import { normaliseEmail } from '../auth/auth-service.js';
import { collectSharedEntities, type SharedEntityProvider } from './shared-entities.js';
import { toMemberRecord, toTeamRecord } from './team-record.js';

export interface TeamServiceDeps {
  teams: TeamRepository;
  users: Pick<UserRepository, 'findByEmail'>;
  providers: readonly SharedEntityProvider[];
}

const noTeam = () => new AppError('not_found', { detail: 'No such team' });

export function createTeamService(deps: TeamServiceDeps) {
  const { teams, users, providers } = deps;

  async function memberOf(callerId: string, teamId: string): Promise<TeamRow> {
    const team = await teams.findForMember(teamId, callerId);
    if (!team) throw noTeam();
    return team;
  }

  async function createdBy(callerId: string, teamId: string, action: string): Promise<TeamRow> {
    const team = await memberOf(callerId, teamId);
    if (team.creatorId !== callerId) {
      throw new AppError('forbidden', { detail: `Only the team's creator may ${action} it` });
    }
    return team;
  }

  async function record(team: TeamRow): Promise<TeamRecord> {
    const members = await teams.membersOf([team.id]);
    return toTeamRecord(team, members.get(team.id) ?? []);
  }

  return {
    async create(callerId: string, body: CreateTeamBody): Promise<TeamRecord> {
      const team = await teams.create({
        name: body.name.trim(),
        description: body.description ?? '',
        creatorId: callerId,
      });
      return record(team);
    },

    async list(callerId: string): Promise<TeamRecord[]> {
      const rows = await teams.listForMember(callerId);
      const members = await teams.membersOf(rows.map((row) => row.id));
      return rows.map((row) => toTeamRecord(row, members.get(row.id) ?? []));
    },

    async get(callerId: string, teamId: string): Promise<TeamRecord> {
      return record(await memberOf(callerId, teamId));
    },

    async update(callerId: string, teamId: string, body: PatchTeamBody): Promise<TeamRecord> {
      const team = await createdBy(callerId, teamId, 'edit');
      const changes: TeamChanges = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.description !== undefined) changes.description = body.description ?? '';
      const updated = await teams.update(team.id, changes);
      if (!updated) throw noTeam();
      return record(updated);
    },

    async remove(callerId: string, teamId: string): Promise<void> {
      const team = await createdBy(callerId, teamId, 'delete');
      if (!(await teams.delete(team.id))) throw noTeam();
    },

    async addMember(callerId: string, teamId: string, email: string): Promise<TeamMemberRecord> {
      const team = await memberOf(callerId, teamId);
      const user = await users.findByEmail(normaliseEmail(email));
      if (!user) throw new AppError('not_found', { detail: 'No account has that email' });
      const result = await teams.addMember(team.id, user.id);
      if (result === 'already_member') {
        throw new AppError('conflict', { detail: `${user.email} is already a member of the team` });
      }
      if (result === 'gone') throw noTeam();
      return toMemberRecord({ userId: user.id, email: user.email, name: user.name });
    },

    /** Any member may remove any other member, or leave; the creator stays. */
    async removeMember(callerId: string, teamId: string, userId: string): Promise<void> {
      const team = await memberOf(callerId, teamId);
      if (userId === team.creatorId) {
        throw new AppError('forbidden', { detail: "The team's creator cannot be removed" });
      }
      if (!(await teams.removeMember(team.id, userId))) {
        throw new AppError('not_found', { detail: 'No such member' });
      }
    },

    async sharedEntities(callerId: string, teamId: string): Promise<SharedEntities> {
      const team = await memberOf(callerId, teamId);
      return collectSharedEntities(team.id, providers);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
