/**
 * JSON bodies nested deeper than any real document are refused before a route sees them: deep
 * recursion in serialisers, hashing and the database would otherwise fail far from the cause.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../core/errors.js';

export const MAX_BODY_DEPTH = 128;

/** Iterative, so a hostile body cannot overflow the stack here either. */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

export const bodyDepthPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: it does no I/O, and an async one costs every request a promise and a tick.
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      request.body !== null &&
      typeof request.body === 'object' &&
      // Raw bodies (a ZIP upload's Buffer) have no depth; walking their bytes would only cost time.
      !ArrayBuffer.isView(request.body) &&
      exceedsDepth(request.body, MAX_BODY_DEPTH)
    ) {
      return done(
        new AppError('validation_failed', {
          detail: `The body nests deeper than ${MAX_BODY_DEPTH} levels`,
          errors: [{ path: 'body', message: `nests deeper than ${MAX_BODY_DEPTH} levels` }],
        }),
      );
    }
    done();
  });
});
