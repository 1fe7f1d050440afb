/**
 * `GET /api/credential-types`: every credential type with its fields (JSON schema, secret or not,
 * required or not), so the web app builds one form per type from the same registry.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { CredentialTypeDefinition } from '../../services/credentials/credential-fields.js';
import { ProblemResponses } from '../schemas/problem.js';

export interface CredentialTypeRoutesOptions {
  types: Readonly<Record<string, CredentialTypeDefinition>>;
}

const CredentialType = Type.Object({
  type: Type.String(),
  fields: Type.Array(
    Type.Object({
      name: Type.String(),
      secret: Type.Boolean(),
      required: Type.Boolean(),
      schema: Type.Unknown(),
    }),
  ),
});

function describe(type: string, definition: CredentialTypeDefinition) {
  const schema = JSON.parse(JSON.stringify(definition.schema)) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return {
    type,
    fields: definition.fields.map((name) => ({
      name,
      secret: definition.secrets.includes(name),
      required: schema.required?.includes(name) ?? false,
      schema: schema.properties?.[name] ?? {},
    })),
  };
}

export async function credentialTypeRoutes(app: FastifyInstance, options: CredentialTypeRoutesOptions) {
  const items = Object.entries(options.types).map(([type, definition]) => describe(type, definition));
  app.get(
    '/api/credential-types',
    {
      schema: {
        tags: ['credentials'],
        summary: 'Credential types with the fields of their values',
        response: { 200: Type.Object({ items: Type.Array(CredentialType) }), ...ProblemResponses },
      },
    },
    async () => ({ items }),
  );
}
