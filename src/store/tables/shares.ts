/** Who else may use a workflow, a credential or a global variable: users directly, or teams. */
import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { credentials, globalVariables } from './credentials.js';
import { folders } from './folders.js';
import { teams } from './teams.js';
import { workflows } from './workflows.js';

const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export const workflowShares = pgTable(
  'workflow_shares',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    userId: userRef(),
    /** The collaborator's own folder for the shared workflow (spec 2.2). */
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.userId] }), index('workflow_shares_user_idx').on(t.userId)],
);

export const workflowTeamShares = pgTable(
  'workflow_team_shares',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    teamId: teamRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workflowId, t.teamId] }),
    index('workflow_team_shares_team_idx').on(t.teamId),
  ],
);

export const credentialShares = pgTable(
  'credential_shares',
  {
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.credentialId, t.userId] }),
    index('credential_shares_user_idx').on(t.userId),
  ],
);

export const credentialTeamShares = pgTable(
  'credential_team_shares',
  {
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    teamId: teamRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.credentialId, t.teamId] }),
    index('credential_team_shares_team_idx').on(t.teamId),
  ],
);

export const globalVariableShares = pgTable(
  'global_variable_shares',
  {
    variableId: uuid('variable_id')
      .notNull()
      .references(() => globalVariables.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.variableId, t.userId] }),
    index('global_variable_shares_user_idx').on(t.userId),
  ],
);

export const globalVariableTeamShares = pgTable(
  'global_variable_team_shares',
  {
    variableId: uuid('variable_id')
      .notNull()
      .references(() => globalVariables.id, { onDelete: 'cascade' }),
    teamId: teamRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.variableId, t.teamId] }),
    index('global_variable_team_shares_team_idx').on(t.teamId),
  ],
);
