import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../core/errors.js';
import type { WorkflowDocument } from '../../core/workflow/index.js';
import type { WorkflowAccess } from '../../services/access/workflow-access.js';
import type { WorkflowRow } from '../../services/executions/execution-service.js';
import { previewExpression, type PreviewContext } from '../../services/expressions/preview.js';
import type { ExecutionRepository } from '../../store/repositories/executions.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { Uuid } from '../schemas/common.js';
import { ProblemResponses } from '../schemas/problem.js';

export interface ExpressionRoutesOptions {
  findWorkflow(id: string): Promise<WorkflowRow | undefined>;
  canAccess: WorkflowAccess;
  executions: ExecutionRepository;
}

const Body = Type.Object({
  expression: Type.String({ maxLength: 10_000 }),
  context: Type.Optional(
    Type.Object({
      input: Type.Optional(Type.Unknown()),
      trigger: Type.Optional(Type.Unknown()),
      vars: Type.Optional(Type.Object({}, { additionalProperties: true })),
      global: Type.Optional(Type.Object({}, { additionalProperties: true })),
      nodes: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
  ),
  workflow_id: Type.Optional(Uuid),
  node_id: Type.Optional(Type.String({ maxLength: 200 })),
});

export async function expressionRoutes(app: FastifyInstance, options: ExpressionRoutesOptions) {
  app.post(
    '/api/expressions/evaluate',
    {
      preHandler: requireUser,
      schema: {
        tags: ['expressions'],
        summary: 'Preview an expression or template for the editor',
        body: Body,
        response: { 200: Type.Object({ result: Type.Unknown(), type: Type.String() }), ...ProblemResponses },
      },
    },
    async (request) => {
      const body = request.body as {
        expression: string;
        context?: PreviewContext;
        workflow_id?: string;
        node_id?: string;
      };
      let workflow: WorkflowRow | undefined;
      if (body.workflow_id) {
        workflow = await options.findWorkflow(body.workflow_id);
        if (!workflow || !(await options.canAccess(currentUser(request).userId, workflow))) {
          throw new AppError('not_found', { detail: 'Workflow not found' });
        }
      }
      const document = workflow && ({ nodes: workflow.nodes, edges: workflow.edges } as WorkflowDocument);
      const recentRuns = workflow && body.node_id ? await options.executions.latestFinished(workflow.id) : [];
      const result = previewExpression({
        expression: body.expression,
        context: body.context,
        workflow: document,
        nodeId: body.node_id,
        recentRuns,
      });
      return {
        result: result ?? null,
        type:
          result === null || result === undefined ? 'null' : Array.isArray(result) ? 'array' : typeof result,
      };
    },
  );
}
