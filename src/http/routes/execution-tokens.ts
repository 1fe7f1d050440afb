/**
 * Execution tokens (spec 4.2): issued, listed and revoked by a signed-in user for one workflow.
 * The token string appears only in the creation answer.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  EXECUTION_TOKEN_TTL,
  type ExecutionTokenService,
} from '../../services/tokens/execution-token-service.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { Uuid } from '../schemas/common.js';
import { ProblemResponses } from '../schemas/problem.js';

export interface ExecutionTokenRoutesOptions {
  executionTokens: ExecutionTokenService;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['execution-tokens'];
const Timestamp = Type.String({ format: 'date-time' });
const TokenParams = Type.Object({ id: Uuid });
const CreateBody = Type.Object(
  {
    ttl_seconds: Type.Integer({
      minimum: EXECUTION_TOKEN_TTL.minSeconds,
      maximum: EXECUTION_TOKEN_TTL.maxSeconds,
      description: 'Lifetime in seconds: 60 to 315,360,000 (10 years)',
    }),
  },
  { additionalProperties: false },
);
const IssuedToken = Type.Object({
  id: Type.String(),
  token: Type.String({ description: 'The JWT; shown only in this answer' }),
  expires_at: Timestamp,
  created_at: Timestamp,
  revoked: Type.Boolean(),
});
const TokenItem = Type.Object({
  id: Type.String(),
  expires_at: Timestamp,
  created_at: Timestamp,
  revoked: Type.Boolean(),
  expired: Type.Boolean(),
});

export async function executionTokenRoutes(app: FastifyInstance, options: ExecutionTokenRoutesOptions) {
  const { executionTokens } = options;
  const url = '/api/workflows/:id/execution-tokens';

  app.post(
    url,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Issue an execution token for this workflow',
        params: TokenParams,
        body: CreateBody,
        response: { 201: IssuedToken, ...ProblemResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { ttl_seconds } = request.body as { ttl_seconds: number };
      const issued = await executionTokens.issue(currentUser(request).userId, id, ttl_seconds);
      return reply.status(201).send(issued);
    },
  );

  app.get(
    url,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's own tokens for this workflow, expired and revoked ones flagged",
        params: TokenParams,
        response: { 200: Type.Object({ items: Type.Array(TokenItem) }), ...ProblemResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return { items: await executionTokens.list(currentUser(request).userId, id) };
    },
  );

  app.delete(
    `${url}/:tokenId`,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Revoke one of your execution tokens (irreversible)',
        params: Type.Object({ id: Uuid, tokenId: Uuid }),
        response: { 204: Type.Null(), ...ProblemResponses },
      },
    },
    async (request, reply) => {
      const { id, tokenId } = request.params as { id: string; tokenId: string };
      await executionTokens.revoke(currentUser(request).userId, id, tokenId);
      return reply.status(204).send();
    },
  );
}
