/**
 * Who may see a workflow: its owner, a user it is shared with, or a member of a team it is shared
 * with (spec 5.8). Every route that guards a workflow goes through one `WorkflowAccess`; the rule
 * itself is the repository's `accessibleBy` SQL, asked afresh each time so that removing a share
 * (or a team member) takes effect on the next request.
 */
export interface AccessSubject {
  id: string;
  ownerId: string;
}

export type WorkflowAccess = (userId: string, workflow: AccessSubject) => Promise<boolean>;

export interface WorkflowAccessDeps {
  isAccessible(workflowId: string, userId: string): Promise<boolean>;
}

export function createWorkflowAccess(deps: WorkflowAccessDeps): WorkflowAccess {
  return async (userId, workflow) =>
    workflow.ownerId === userId || (await deps.isAccessible(workflow.id, userId));
}
