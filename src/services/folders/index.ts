/** Folder services (spec 2.2, 3.3, 4.5), built once in services/index.ts. */
import type { Db } from '../../store/database.js';
import { createFolderImportRepository } from '../../store/repositories/folder-import.js';
import { createFolderWorkflowRepository } from '../../store/repositories/folder-workflows.js';
import type { FolderRepository } from '../../store/repositories/folders.js';
import type { WorkflowRepository } from '../../store/repositories/workflows.js';
import { credentialsUsableByImporter } from './archive/usable-credentials.js';
import { createDeletionSchedule } from './deletion-schedule.js';
import { createFolderService } from './folder-service.js';
import { createFolderTransfer } from './folder-transfer.js';

export interface FolderServiceDeps {
  db: Db;
  folders: FolderRepository;
  workflows: WorkflowRepository;
  knownNodeTypes: ReadonlySet<string>;
  /** After a workflow row changed or was deleted: drops cached copies everywhere. */
  onWorkflowChanged: (workflowId: string) => Promise<void>;
}

export function createFolderServices(deps: FolderServiceDeps) {
  const filed = createFolderWorkflowRepository(deps.db);
  const imports = createFolderImportRepository(deps.db);
  return {
    folders: createFolderService({
      folders: deps.folders,
      filed,
      workflows: deps.workflows,
      onWorkflowChanged: deps.onWorkflowChanged,
    }),
    folderTransfer: createFolderTransfer({
      folders: deps.folders,
      filed,
      imports,
      knownNodeTypes: deps.knownNodeTypes,
      usableCredentials: credentialsUsableByImporter(imports),
    }),
    deletionSchedule: createDeletionSchedule({
      workflows: deps.workflows,
      onChanged: deps.onWorkflowChanged,
    }),
  };
}
