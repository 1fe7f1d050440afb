/**
 * Workflow shares (design 9, spec 4.6): `/api/workflows/{id}/shares` with users by email and
 * `/api/workflows/{id}/team-shares` with teams by id. Signed-in users only.
 */
import type { FastifyInstance } from 'fastify';
import type { Sharing } from '../../services/access/sharing.js';
import { requireUser } from '../plugins/auth.js';
import { registerShareRoutes } from './resource-shares.js';

export interface WorkflowShareRoutesOptions {
  sharing: Sharing;
}

export async function workflowShareRoutes(app: FastifyInstance, { sharing }: WorkflowShareRoutesOptions) {
  // Before the body is parsed: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', requireUser);
  registerShareRoutes(app, { base: '/api/workflows', tags: ['sharing'], sharing });
}
