/** Folder CRUD and moving workflows in and out of folders (spec 4.5). */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FolderService } from '../../../services/folders/folder-service.js';
import { requireUser } from '../../plugins/auth.js';
import {
  CreateFolderBody,
  FiledWorkflow,
  FileWorkflowParams,
  FolderIdParams,
  FolderList,
  FolderNode,
  FolderRecord,
  FolderTree,
  UpdateFolderBody,
  WorkflowFolderParams,
} from '../../schemas/folder.js';
import { ProblemResponses } from '../../schemas/problem.js';
import { caller, security, tags } from './shared.js';

const schema = (parts: Record<string, unknown>) => ({ tags, security, ...parts });

export async function folderCrudRoutes(app: FastifyInstance, options: { folders: FolderService }) {
  const { folders } = options;
  // Before the body is parsed: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', requireUser);

  app.get(
    '/folders',
    { schema: schema({ response: { 200: FolderList, ...ProblemResponses } }) },
    async (request) => ({ items: await folders.list(caller(request)) }),
  );

  app.get(
    '/folders/tree',
    { schema: schema({ response: { 200: FolderTree, ...ProblemResponses } }) },
    async (request) => ({ items: await folders.tree(caller(request)) }),
  );

  app.get(
    '/folders/:id',
    { schema: schema({ params: FolderIdParams, response: { 200: FolderNode, ...ProblemResponses } }) },
    async (request) => folders.get(caller(request), (request.params as { id: string }).id),
  );

  app.post(
    '/folders',
    { schema: schema({ body: CreateFolderBody, response: { 201: FolderRecord, ...ProblemResponses } }) },
    async (request, reply) =>
      reply.status(201).send(await folders.create(caller(request), request.body as CreateFolderBody)),
  );

  app.put(
    '/folders/:id',
    {
      schema: schema({
        params: FolderIdParams,
        body: UpdateFolderBody,
        response: { 200: FolderRecord, ...ProblemResponses },
      }),
    },
    async (request) =>
      folders.update(
        caller(request),
        (request.params as { id: string }).id,
        request.body as UpdateFolderBody,
      ),
  );

  app.delete(
    '/folders/:id',
    { schema: schema({ params: FolderIdParams, response: { 204: Type.Null(), ...ProblemResponses } }) },
    async (request, reply) => {
      await folders.remove(caller(request), (request.params as { id: string }).id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/folders/:folder_id/workflows/:workflow_id',
    { schema: schema({ params: FileWorkflowParams, response: { 200: FiledWorkflow, ...ProblemResponses } }) },
    async (request) => {
      const { folder_id, workflow_id } = request.params as { folder_id: string; workflow_id: string };
      return folders.fileWorkflow(caller(request), folder_id, workflow_id);
    },
  );

  app.delete(
    '/folders/workflows/:workflow_id/folder',
    { schema: schema({ params: WorkflowFolderParams, response: { 204: Type.Null(), ...ProblemResponses } }) },
    async (request, reply) => {
      await folders.unfileWorkflow(caller(request), (request.params as { workflow_id: string }).workflow_id);
      return reply.status(204).send();
    },
  );
}
