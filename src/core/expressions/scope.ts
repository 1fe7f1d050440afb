/** What an expression can see, and how `$name` roots resolve against it. */
import { fail } from './errors.js';
import type { NowValue } from './now.js';

export interface ExpressionScope {
  /** `$input`: the direct upstream output (an object keyed by label when there are several inputs). */
  input: unknown;
  /** `$<label>` -> that node's output; the engine passes only ancestors. */
  nodes: Record<string, unknown>;
  /** `$trigger`: the run's trigger payload. */
  trigger?: unknown;
  /** `$vars`. */
  vars?: Record<string, unknown>;
  /** `$global`: global variables. */
  global?: Record<string, unknown>;
  /** `$credentials`: the exposed credential values by name. */
  credentials?: Record<string, unknown>;
  /** `$now` (default: the current time). Read once per rendered field. */
  now?: () => Date;
  /** `$uuid` (default: crypto.randomUUID); called at each use. */
  uuid?: () => string;
}

/** Builtin roots; they take precedence over node labels of the same name. */
export const BUILTIN_ROOTS = ['input', 'trigger', 'vars', 'global', 'credentials', 'now', 'uuid'] as const;

function defaultUuid(): string {
  return globalThis.crypto.randomUUID();
}

/** Resolves `$root` (given without the `$`). Unknown roots are an error, not null. */
export function resolveRoot(root: string, scope: ExpressionScope, now: () => NowValue): unknown {
  switch (root) {
    case 'input':
      return scope.input ?? null;
    case 'trigger':
      return scope.trigger ?? null;
    case 'vars':
      return scope.vars ?? null;
    case 'global':
      return scope.global ?? null;
    case 'credentials':
      return scope.credentials ?? null;
    case 'now':
      return now();
    case 'uuid':
      return (scope.uuid ?? defaultUuid)();
  }
  // Own properties only: a label must never reach Object.prototype (`$constructor`, `$__proto__`).
  const { nodes } = scope;
  if (Object.hasOwn(nodes, root)) return nodes[root] ?? null;
  return fail('reference', `unknown reference $${root}`);
}
