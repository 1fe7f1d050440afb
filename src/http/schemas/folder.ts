/**
 * Folder request and response schemas (spec 2.2, design 9/10). A folder is
 * `{id, name, description, parent_id, created_at}`; a tree node adds `children` (nodes, recursively)
 * and `workflows` (summaries: a folder lists workflows, it does not carry their graphs).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Uuid } from './common.js';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = Type.String({ format: 'date-time' });

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Description = nullable(Type.String({ maxLength: 5_000 }));

export const FolderRecord = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.String(),
  parent_id: nullable(Type.String({ format: 'uuid' })),
  created_at: Timestamp,
});
export type FolderRecord = Static<typeof FolderRecord>;

export const FolderWorkflow = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.String(),
  owner_id: Type.String({ format: 'uuid' }),
  created_at: Timestamp,
  updated_at: Timestamp,
  scheduled_for_deletion: nullable(Timestamp),
});
export type FolderWorkflow = Static<typeof FolderWorkflow>;

export const FolderNode = Type.Cyclic(
  {
    FolderNode: Type.Object({
      ...FolderRecord.properties,
      children: Type.Array(Type.Ref('FolderNode')),
      workflows: Type.Array(FolderWorkflow),
    }),
  },
  'FolderNode',
);
export type FolderNode = FolderRecord & { children: FolderNode[]; workflows: FolderWorkflow[] };

export const FolderList = Type.Object({ items: Type.Array(FolderRecord) });
export const FolderTree = Type.Object({ items: Type.Array(FolderNode) });

export const CreateFolderBody = Type.Object(
  { name: Name, description: Type.Optional(Description), parent_id: Type.Optional(nullable(Uuid)) },
  { additionalProperties: false },
);
export type CreateFolderBody = Static<typeof CreateFolderBody>;

export const UpdateFolderBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    parent_id: Type.Optional(nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type UpdateFolderBody = Static<typeof UpdateFolderBody>;

/** Malformed ids are not refused here: they answer 404 like any folder the caller cannot see. */
export const FolderIdParams = Type.Object({ id: Type.String() });
export const FileWorkflowParams = Type.Object({ folder_id: Type.String(), workflow_id: Type.String() });
export const WorkflowFolderParams = Type.Object({ workflow_id: Type.String() });

/** Where a workflow sits for the caller after a move. */
export const FiledWorkflow = Type.Object({
  workflow_id: Type.String({ format: 'uuid' }),
  folder_id: nullable(Type.String({ format: 'uuid' })),
});
export type FiledWorkflow = Static<typeof FiledWorkflow>;

export const ImportQuery = Type.Object({ parent_id: Type.Optional(Uuid) });

const Problem = Type.Object({ path: Type.String(), message: Type.String() });

export const ImportResult = Type.Object({
  folders_created: Type.Integer(),
  workflows_created: Type.Integer(),
  folders: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      parent_id: nullable(Type.String({ format: 'uuid' })),
      path: Type.String(),
    }),
  ),
  workflows: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      folder_id: nullable(Type.String({ format: 'uuid' })),
      path: Type.String(),
    }),
  ),
  cleared_credential_refs: Type.Array(
    Type.Object({
      workflow: Type.String({ format: 'uuid' }),
      workflow_name: Type.String(),
      node_id: Type.String(),
      field: Type.String(),
    }),
  ),
  /** Entries skipped and values dropped without failing the import. */
  errors: Type.Array(Problem),
});
export type ImportResult = Static<typeof ImportResult>;
