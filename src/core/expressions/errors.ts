import { AppError } from '../errors.js';

/** Why an expression failed; `syntax` failures let a whole-field candidate fall back to a template. */
export const ExpressionErrorKind = {
  syntax: 'syntax',
  limit: 'limit',
  refused: 'refused',
  reference: 'reference',
  type: 'type',
} as const;
export type ExpressionErrorKind = (typeof ExpressionErrorKind)[keyof typeof ExpressionErrorKind];

/** Raised inside the language; the public API wraps it in an ExpressionError naming field and source. */
export class EvalFailure extends Error {
  readonly kind: ExpressionErrorKind;

  constructor(kind: ExpressionErrorKind, message: string) {
    super(message);
    this.name = 'EvalFailure';
    this.kind = kind;
  }
}

export function fail(kind: ExpressionErrorKind, message: string): never {
  throw new EvalFailure(kind, message);
}

const MAX_QUOTED_SOURCE = 200;

function quoteSource(source: string): string {
  const trimmed = source.trim();
  return trimmed.length > MAX_QUOTED_SOURCE ? `${trimmed.slice(0, MAX_QUOTED_SOURCE)}…` : trimmed;
}

/**
 * The one error the expression language lets out. The message names the field path (when known) and
 * the failing expression, e.g.
 * `Expression error in field "mappings[0].value" ($a.__proto__): property "__proto__" is not accessible`.
 */
export class ExpressionError extends AppError {
  readonly kind: ExpressionErrorKind;
  readonly reason: string;
  readonly expression: string;
  readonly fieldPath: string | undefined;

  constructor(
    kind: ExpressionErrorKind,
    reason: string,
    expression: string,
    fieldPath?: string,
    cause?: unknown,
  ) {
    const where = fieldPath === undefined ? '' : ` in field ${JSON.stringify(fieldPath)}`;
    const detail = `Expression error${where} (${quoteSource(expression)}): ${reason}`;
    super('expression_error', { detail, extra: { field: fieldPath ?? null, expression }, cause });
    this.name = 'ExpressionError';
    this.kind = kind;
    this.reason = reason;
    this.expression = expression;
    this.fieldPath = fieldPath;
  }
}

/** Turns anything thrown while parsing or evaluating `expression` into an ExpressionError. */
export function toExpressionError(error: unknown, expression: string, fieldPath?: string): ExpressionError {
  if (error instanceof ExpressionError) return error;
  if (error instanceof EvalFailure)
    return new ExpressionError(error.kind, error.message, expression, fieldPath);
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new ExpressionError('limit', 'expression is nested too deeply', expression, fieldPath, error);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ExpressionError('type', reason, expression, fieldPath, error);
}
