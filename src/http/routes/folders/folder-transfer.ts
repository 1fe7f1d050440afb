/**
 * `GET /folders/{id}/export` answers the folder tree as a ZIP download (spec 4.5).
 * `POST /folders/import` (beyond the spec) takes such a ZIP as the raw request body
 * (`application/zip` or `application/octet-stream`; multipart is not supported) and answers 201
 * with what it created. The raw-body parser is scoped to this plugin.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../core/errors.js';
import { MAX_IMPORT_ARCHIVE_BYTES, type FolderTransfer } from '../../../services/folders/folder-transfer.js';
import { requireUser } from '../../plugins/auth.js';
import { FolderIdParams, ImportQuery, ImportResult } from '../../schemas/folder.js';
import { ProblemResponses } from '../../schemas/problem.js';
import { caller, security, tags } from './shared.js';

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];
const Binary = { type: 'string', format: 'binary' };

export async function folderTransferRoutes(app: FastifyInstance, options: { transfer: FolderTransfer }) {
  const { transfer } = options;
  app.addHook('onRequest', requireUser);
  app.addContentTypeParser(
    ZIP_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_ARCHIVE_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/folders/:id/export',
    {
      schema: {
        tags,
        security,
        params: FolderIdParams,
        response: {
          200: {
            description: 'The folder tree as a ZIP archive',
            content: { 'application/zip': { schema: Binary } },
          },
          ...ProblemResponses,
        },
      },
    },
    async (request, reply) => {
      const archive = await transfer.exportFolder(caller(request), (request.params as { id: string }).id);
      return reply
        .type('application/zip')
        .header('content-disposition', archive.contentDisposition)
        .header('cache-control', 'no-store')
        .send(Buffer.from(archive.bytes.buffer, archive.bytes.byteOffset, archive.bytes.byteLength));
    },
  );

  app.post(
    '/folders/import',
    {
      bodyLimit: MAX_IMPORT_ARCHIVE_BYTES,
      schema: {
        tags,
        security,
        querystring: ImportQuery,
        // Per content type, so OpenAPI documents the raw upload; no `type`, as the parsed body is a Buffer.
        body: {
          content: Object.fromEntries(
            ZIP_TYPES.map((type) => [type, { schema: { format: 'binary', description: 'The ZIP archive' } }]),
          ),
        },
        response: { 201: ImportResult, ...ProblemResponses },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_media_type', {
          detail: 'Send the ZIP archive as the raw body with Content-Type: application/zip',
        });
      }
      const { parent_id } = request.query as { parent_id?: string };
      const result = await transfer.importArchive(caller(request), request.body, parent_id ?? null);
      return reply.status(201).send(result);
    },
  );
}
