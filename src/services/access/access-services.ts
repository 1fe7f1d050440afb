/**
 * Everything about who may use what: the workflow access rule, workflow shares and teams. Built
 * once in services/index.ts.
 */
import type { Db } from '../../store/database.js';
import { createWorkflowShareRepository } from '../../store/repositories/shares.js';
import { createTeamRepository } from '../../store/repositories/teams.js';
import type { UserRepository } from '../../store/repositories/users.js';
import type { WorkflowRepository } from '../../store/repositories/workflows.js';
import { sharedEntityProviders } from '../teams/shared-entity-providers.js';
import { createTeamService } from '../teams/team-service.js';
import { createWorkflowAccess } from './workflow-access.js';
import { createWorkflowSharing } from './workflow-sharing.js';

export interface AccessServiceDeps {
  db: Db;
  users: UserRepository;
  workflows: WorkflowRepository;
}

export function createAccessServices({ db, users, workflows }: AccessServiceDeps) {
  const teamRepository = createTeamRepository(db);
  return {
    canAccessWorkflow: createWorkflowAccess(workflows),
    workflowSharing: createWorkflowSharing({
      workflows,
      shares: createWorkflowShareRepository(db),
      users,
      teams: teamRepository,
    }),
    teamRepository,
    teams: createTeamService({ teams: teamRepository, users, providers: sharedEntityProviders(db) }),
  };
}
