/**
 * Errors a node can throw. A node says whether a retry can help; the engine never guesses from
 * messages. Plain errors (network failures, timeouts) are retriable.
 */
import { isAppError } from '../errors.js';

export interface NodeErrorOptions {
  /** HTTP status the run answers with when this error fails the run (Throw Error node). */
  httpStatus?: number;
  cause?: unknown;
}

export class NodeError extends Error {
  readonly retriable: boolean;
  readonly httpStatus: number | undefined;

  constructor(message: string, retriable: boolean, options: NodeErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'NodeError';
    this.retriable = retriable;
    this.httpStatus = options.httpStatus;
  }
}

/** An error no retry can fix: bad parameters, a refused request, a deliberate failure. */
export class NonRetriableError extends NodeError {
  constructor(message: string, options: NodeErrorOptions = {}) {
    super(message, false, options);
    this.name = 'NonRetriableError';
  }
}

export function isRetriable(error: unknown): boolean {
  if (error instanceof NodeError) return error.retriable;
  if (isAppError(error)) return error.status >= 500 || error.status === 429;
  return true;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof NodeError ? error.httpStatus : undefined;
}
