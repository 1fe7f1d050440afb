/**
 * Everything about who may use what: the workflow access rule, workflow shares and teams. Built
 * once in services/index.ts.
 */
import type { Db } from '../../store/database.js';
import { createShareRepository } from '../../store/repositories/share-repository.js';
import { WORKFLOW_SHARES } from '../../store/repositories/share-tables.js';
import { createTeamRepository } from '../../store/repositories/teams.js';
import type { UserRepository } from '../../store/repositories/users.js';
import type { WorkflowRepository } from '../../store/repositories/workflows.js';
import { sharedEntityProviders } from '../teams/shared-entity-providers.js';
import { createTeamService } from '../teams/team-service.js';
import { createWorkflowAccess } from './workflow-access.js';
import { createSharing } from './sharing.js';

export interface AccessServiceDeps {
  db: Db;
  users: UserRepository;
  workflows: WorkflowRepository;
}

export function createAccessServices({ db, users, workflows }: AccessServiceDeps) {
  const teamRepository = createTeamRepository(db);
  return {
    canAccessWorkflow: createWorkflowAccess(workflows),
    workflowSharing: createSharing({
      store: {
        ...createShareRepository(db, WORKFLOW_SHARES),
        findUsable: (id, userId) => workflows.findAccessible(id, userId),
      },
      users,
      teams: teamRepository,
      noun: 'workflow',
    }),
    teamRepository,
    teams: createTeamService({ teams: teamRepository, users, providers: sharedEntityProviders(db) }),
  };
}
