/**
 * The workflow document: one TypeBox schema, and the TypeScript types derived from it.
 * `data` carries the common fields below plus the node type's own fields (validated by the node
 * type's params schema when it runs).
 */
import { Type, type Static } from 'typebox';

export const NodeDataSchema = Type.Object(
  {
    label: Type.String(),
    active: Type.Optional(Type.Boolean()),
    retryEnabled: Type.Optional(Type.Boolean()),
    retryMaxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    retryWaitSeconds: Type.Optional(Type.Number({ minimum: 0, maximum: 3600 })),
    onErrorEnabled: Type.Optional(Type.Boolean()),
    pinnedData: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

export const PositionSchema = Type.Object({ x: Type.Number(), y: Type.Number() });

export const WorkflowNodeSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  type: Type.String({ minLength: 1 }),
  position: PositionSchema,
  data: NodeDataSchema,
});

const HandleSchema = Type.Optional(Type.Union([Type.String(), Type.Null()]));

export const WorkflowEdgeSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  source: Type.String({ minLength: 1 }),
  target: Type.String({ minLength: 1 }),
  sourceHandle: HandleSchema,
  targetHandle: HandleSchema,
});

/** The graph part of a workflow record; other members (name, description...) are allowed. */
export const WorkflowDocumentSchema = Type.Object(
  {
    nodes: Type.Array(WorkflowNodeSchema),
    edges: Type.Array(WorkflowEdgeSchema),
  },
  { additionalProperties: true },
);

export type WorkflowNodeData = Static<typeof NodeDataSchema> & Record<string, unknown>;
export type WorkflowNode = Omit<Static<typeof WorkflowNodeSchema>, 'data'> & { data: WorkflowNodeData };
export type WorkflowEdge = Static<typeof WorkflowEdgeSchema>;
export interface WorkflowDocument {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** Node types the graph layer itself knows about. */
export const CoreNodeType = {
  sticky: 'sticky',
  errorHandler: 'errorHandler',
  loop: 'loop',
  condition: 'condition',
  switch: 'switch',
  output: 'output',
  jsonOutputMapper: 'jsonOutputMapper',
} as const;
export type CoreNodeType = (typeof CoreNodeType)[keyof typeof CoreNodeType];

export const LABEL_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
