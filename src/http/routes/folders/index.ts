/**
 * Folders and workflow deletion scheduling (spec 4.5), at the spec's paths and the same under
 * `/api` (design 9). Signed-in users only.
 */
import type { FastifyInstance } from 'fastify';
import type { DeletionSchedule } from '../../../services/folders/deletion-schedule.js';
import type { FolderService } from '../../../services/folders/folder-service.js';
import type { FolderTransfer } from '../../../services/folders/folder-transfer.js';
import { deletionScheduleRoutes } from './deletion-schedule.js';
import { folderCrudRoutes } from './folder-crud.js';
import { folderTransferRoutes } from './folder-transfer.js';

export interface FolderRoutesOptions {
  folders: FolderService;
  transfer: FolderTransfer;
  deletion: DeletionSchedule;
}

export const FOLDER_ROUTE_PREFIXES = ['', '/api'] as const;

export async function folderRoutes(app: FastifyInstance, options: FolderRoutesOptions) {
  for (const prefix of FOLDER_ROUTE_PREFIXES) {
    await app.register(folderCrudRoutes, { prefix, folders: options.folders });
    await app.register(folderTransferRoutes, { prefix, transfer: options.transfer });
    await app.register(deletionScheduleRoutes, { prefix, deletion: options.deletion });
  }
}
