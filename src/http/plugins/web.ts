/**
 * Serves the built web app (web/dist) at `/`: files as they are (hashed assets cached for a
 * year), and index.html for any other GET outside /api so client-side routes survive a reload.
 * Unknown /api paths keep their problem+json 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';

/** web/dist next to src/ (tsx) or dist/ (compiled): both sit one level below the repository root. */
export const DEFAULT_WEB_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

export function webDirExists(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'index.html'));
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function webPlugin(app: FastifyInstance, options: { root: string }) {
  const root = path.resolve(options.root);
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      throw new AppError('route_not_found', { detail: 'No such route' });
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('route_not_found', { detail: `No route GET ${pathname}` });
    }
    const relative = path.normalize(pathname).replace(/^([/\\])+/, '');
    const file = path.join(root, relative);
    if (relative !== '' && file.startsWith(root + path.sep) && isFile(file)) {
      const hashed = relative.startsWith(`assets${path.sep}`);
      return reply.sendFile(relative, { maxAge: hashed ? '365d' : 0, immutable: hashed });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { maxAge: 0 });
  });
}
