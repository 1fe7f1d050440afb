/**
 * `GET /api/node-types`: every registered node type with its params JSON schema, its source
 * handles and short docs, so the editor builds its palette and property panels from the server.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { NodeDefinition } from '../../core/engine/index.js';
import { ProblemResponses } from '../schemas/problem.js';

export interface NodeTypeRoutesOptions {
  definitions: readonly NodeDefinition[];
}

/** Node types whose source handles follow their `data` (the static list is for empty data). */
const DYNAMIC_HANDLES: Record<string, string> = {
  switch: 'One handle per entry of `cases` (case-0 ... case-N), then `default`.',
};

const NodeType = Type.Object({
  type: Type.String(),
  group: Type.String(),
  description: Type.String(),
  schema: Type.Unknown({ description: 'JSON schema of the node data (after expression rendering)' }),
  handles: Type.Object({
    source: Type.Array(Type.String(), { description: 'Named source handles; empty: one unnamed handle' }),
    target: Type.Array(Type.String(), { description: 'Named target handles besides the unnamed input' }),
    dynamic: Type.Boolean(),
    note: Type.Optional(Type.String()),
  }),
  raw_fields: Type.Array(Type.String(), { description: 'Fields the node evaluates itself' }),
  docs: Type.String(),
});

/** A plain JSON copy of a TypeBox schema (drops symbol keys). */
function jsonSchema(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema)) as unknown;
}

function describe(definition: NodeDefinition) {
  const source = [...(definition.handles?.({}) ?? [])];
  const note = DYNAMIC_HANDLES[definition.type];
  const raw = [...(definition.raw ?? [])];
  const common =
    'Every node also takes label, active, retryEnabled, retryMaxAttempts, retryWaitSeconds, ' +
    'onErrorEnabled (adds an "error" handle) and pinnedData (test runs only).';
  const expressions = raw.length
    ? `Fields evaluated by the node itself: ${raw.join(', ')}.`
    : 'Every string field is rendered as an expression or template.';
  return {
    type: definition.type,
    group: definition.group,
    description: definition.description,
    schema: jsonSchema(definition.params),
    handles: {
      source,
      target: definition.type === 'loop' ? ['loop'] : [],
      dynamic: note !== undefined,
      ...(note ? { note } : {}),
    },
    raw_fields: raw,
    docs: `${definition.description} ${expressions} ${common}`,
  };
}

export async function nodeTypeRoutes(app: FastifyInstance, options: NodeTypeRoutesOptions) {
  const items = options.definitions.map(describe);
  app.get(
    '/api/node-types',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Registered node types with their data schema, handles and docs',
        response: { 200: Type.Object({ items: Type.Array(NodeType) }), ...ProblemResponses },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { items };
    },
  );
}
