/** Scheduling a workflow for deletion and restoring it (spec 3.3, 4.5); both answer the record. */
import type { FastifyInstance } from 'fastify';
import type { DeletionSchedule } from '../../../services/folders/deletion-schedule.js';
import { requireUser } from '../../plugins/auth.js';
import { ProblemResponses } from '../../schemas/problem.js';
import { WorkflowIdParams, WorkflowRecord } from '../../schemas/workflow.js';
import { caller, security } from './shared.js';

const schema = {
  tags: ['workflows'],
  security,
  params: WorkflowIdParams,
  response: { 200: WorkflowRecord, ...ProblemResponses },
};

export async function deletionScheduleRoutes(app: FastifyInstance, options: { deletion: DeletionSchedule }) {
  const { deletion } = options;
  app.addHook('onRequest', requireUser);

  app.put('/workflows/:id/schedule-deletion', { schema }, async (request) =>
    deletion.schedule(caller(request), (request.params as { id: string }).id),
  );

  app.delete('/workflows/:id/schedule-deletion', { schema }, async (request) =>
    deletion.restore(caller(request), (request.params as { id: string }).id),
  );
}
