/**
 * Sharing a workflow with users and teams (spec 4.6, 5.8; design 9). Only the owner manages the
 * shares, as in n8n; a collaborator may read who else has access (403 `forbidden` on a change);
 * anyone without access gets 404 for the workflow. Sharing with a team requires the owner to be a
 * member of it; a team they are not in answers 404.
 */
import { AppError } from '../../core/errors.js';
import type { TeamShare, UserShare } from '../../http/schemas/share.js';
import type { AddShareResult, WorkflowShareRepository } from '../../store/repositories/shares.js';
import type { TeamRepository } from '../../store/repositories/teams.js';
import type { UserRepository } from '../../store/repositories/users.js';
import type { WorkflowRepository, WorkflowRow } from '../../store/repositories/workflows.js';
import { normaliseEmail } from '../auth/auth-service.js';

export interface WorkflowSharingDeps {
  workflows: Pick<WorkflowRepository, 'findAccessible'>;
  shares: WorkflowShareRepository;
  users: Pick<UserRepository, 'findByEmail'>;
  teams: Pick<TeamRepository, 'findForMember'>;
}

const noWorkflow = () => new AppError('not_found', { detail: 'No such workflow' });
const noShare = () => new AppError('not_found', { detail: 'No such share' });

/** The share's creation time, or the error its failure means (`gone`: deleted meanwhile). */
function createdAt(result: AddShareResult, what: string): Date {
  if (result.ok) return result.createdAt;
  if (result.reason === 'exists') {
    throw new AppError('conflict', { detail: `The workflow is already shared with ${what}` });
  }
  throw new AppError('not_found', { detail: `The workflow or ${what} no longer exists` });
}

export function createWorkflowSharing(deps: WorkflowSharingDeps) {
  const { workflows, shares, users, teams } = deps;

  async function visible(callerId: string, workflowId: string): Promise<WorkflowRow> {
    const workflow = await workflows.findAccessible(workflowId, callerId);
    if (!workflow) throw noWorkflow();
    return workflow;
  }

  async function managed(callerId: string, workflowId: string): Promise<WorkflowRow> {
    const workflow = await visible(callerId, workflowId);
    if (workflow.ownerId !== callerId) {
      throw new AppError('forbidden', { detail: "Only the workflow's owner may change its shares" });
    }
    return workflow;
  }

  return {
    async listUsers(callerId: string, workflowId: string): Promise<UserShare[]> {
      const workflow = await visible(callerId, workflowId);
      const rows = await shares.listUsers(workflow.id);
      return rows.map((row) => ({
        user_id: row.userId,
        email: row.email,
        name: row.name,
        created_at: row.createdAt.toISOString(),
      }));
    },

    async shareWithUser(callerId: string, workflowId: string, email: string): Promise<UserShare> {
      const workflow = await managed(callerId, workflowId);
      const user = await users.findByEmail(normaliseEmail(email));
      if (!user) throw new AppError('not_found', { detail: 'No account has that email' });
      if (user.id === workflow.ownerId) {
        throw new AppError('validation_failed', {
          detail: 'The owner already has access to the workflow',
          errors: [{ path: 'body/email', message: "is the workflow's owner" }],
        });
      }
      const at = createdAt(await shares.addUser(workflow.id, user.id), user.email);
      return { user_id: user.id, email: user.email, name: user.name, created_at: at.toISOString() };
    },

    async unshareUser(callerId: string, workflowId: string, userId: string): Promise<void> {
      const workflow = await managed(callerId, workflowId);
      if (!(await shares.removeUser(workflow.id, userId))) throw noShare();
    },

    async listTeams(callerId: string, workflowId: string): Promise<TeamShare[]> {
      const workflow = await visible(callerId, workflowId);
      const rows = await shares.listTeams(workflow.id);
      return rows.map((row) => ({
        team_id: row.teamId,
        name: row.name,
        created_at: row.createdAt.toISOString(),
      }));
    },

    async shareWithTeam(callerId: string, workflowId: string, teamId: string): Promise<TeamShare> {
      const workflow = await managed(callerId, workflowId);
      const team = await teams.findForMember(teamId, callerId);
      if (!team) throw new AppError('not_found', { detail: 'No such team' });
      const at = createdAt(await shares.addTeam(workflow.id, team.id), `team ${team.name}`);
      return { team_id: team.id, name: team.name, created_at: at.toISOString() };
    },

    /** The owner may remove any team share of their workflow, member of that team or not. */
    async unshareTeam(callerId: string, workflowId: string, teamId: string): Promise<void> {
      const workflow = await managed(callerId, workflowId);
      if (!(await shares.removeTeam(workflow.id, teamId))) throw noShare();
    },
  };
}

export type WorkflowSharing = ReturnType<typeof createWorkflowSharing>;
