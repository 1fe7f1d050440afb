/**
 * Who may see a workflow. For now the owner alone; sharing with users and teams extends this one
 * function, and every route that guards a workflow goes through it.
 */
export interface AccessSubject {
  id: string;
  ownerId: string;
}

export type WorkflowAccess = (userId: string, workflow: AccessSubject) => Promise<boolean>;

export const ownerOnlyAccess: WorkflowAccess = async (userId, workflow) => workflow.ownerId === userId;
