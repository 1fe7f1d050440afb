/**
 * `$` autocomplete for expression fields: the roots (ancestor labels, $input, $trigger...) and,
 * after a dot, the fields of a sample value (the node's last output, pinned data, or what its type
 * is known to produce). Pure.
 */
export interface Suggestion {
  /** Text shown in the list. */
  label: string;
  /** The whole reference that replaces the typed one, e.g. `$request.body`. */
  insert: string;
  detail: string;
}

export interface CompletionContext {
  /** Ancestor nodes, nearest first, with a sample of their output (undefined when unknown). */
  ancestors: { label: string; sample?: unknown }[];
  /** Sample of `$input` (the direct upstream output). */
  input?: unknown;
}

export interface Completion {
  from: number;
  to: number;
  items: Suggestion[];
}

const BUILTIN_ROOTS: [string, string][] = [
  ['input', 'output of the upstream node'],
  ['trigger', 'the run trigger payload'],
  ['vars', 'variables set in this run'],
  ['global', 'global variables'],
  ['credentials', 'credentials by name'],
  ['now', 'current time'],
  ['uuid', 'a random uuid'],
];

const REFERENCE = /(^|[^$\w])\$([A-Za-z_]\w*(?:\.\w*)*)?$/;
const MAX_ITEMS = 50;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array(${value.length})`;
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string') return value.length > 24 ? `"${value.slice(0, 24)}…"` : `"${value}"`;
  return String(value);
}

function fieldsOf(value: unknown): [string, string][] {
  if (Array.isArray(value)) return [['length', 'number']];
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, describe(v)]);
  }
  if (typeof value === 'string') return [['length', 'number']];
  return [];
}

function walk(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current =
      Array.isArray(current) && /^\d+$/.test(key)
        ? current[Number(key)]
        : (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Suggestions for the reference that ends at `caret`, or null when the caret is not in one. */
export function complete(text: string, caret: number, context: CompletionContext): Completion | null {
  const before = text.slice(0, caret);
  const match = REFERENCE.exec(before);
  if (!match) return null;
  const reference = match[2] ?? '';
  const from = caret - reference.length - 1;
  const parts = reference.split('.');
  if (parts.length <= 1) {
    const prefix = (parts[0] ?? '').toLowerCase();
    const roots: Suggestion[] = [
      ...context.ancestors.map((a) => ({
        label: `$${a.label}`,
        insert: `$${a.label}`,
        detail: 'node output',
      })),
      ...BUILTIN_ROOTS.map(([name, detail]) => ({ label: `$${name}`, insert: `$${name}`, detail })),
    ];
    const items = roots.filter((s) => s.insert.slice(1).toLowerCase().startsWith(prefix));
    return { from, to: caret, items: items.slice(0, MAX_ITEMS) };
  }
  const [root, ...rest] = parts as [string, ...string[]];
  const prefix = (rest.pop() ?? '').toLowerCase();
  const sample =
    root === 'input' ? context.input : context.ancestors.find((ancestor) => ancestor.label === root)?.sample;
  const target = walk(sample, rest);
  const base = `$${[root, ...rest].join('.')}`;
  const items = fieldsOf(target)
    .filter(([key]) => key.toLowerCase().startsWith(prefix))
    .map(([key, detail]) => ({
      label: key,
      insert: /^[A-Za-z_]\w*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`,
      detail,
    }));
  return { from, to: caret, items: items.slice(0, MAX_ITEMS) };
}

/** Applies a suggestion: the new text and where the caret goes. */
export function applySuggestion(text: string, completion: Completion, suggestion: Suggestion) {
  const value = text.slice(0, completion.from) + suggestion.insert + text.slice(completion.to);
  return { value, caret: completion.from + suggestion.insert.length };
}

/** Whether a field holds something to evaluate (a `$` reference or a `{{ }}` block). */
export function looksLikeExpression(text: string): boolean {
  return /(^|[^$])\$[A-Za-z_]/.test(text) || /\{\{[\s\S]*\}\}/.test(text);
}

/**
 * Whether an expression looks finished enough to preview: quotes closed, brackets balanced, not
 * ending in an operator or a dot. Saves the server (and the console) from half-typed input.
 */
export function looksComplete(text: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return false;
  }
  if (quote || stack.length > 0) return false;
  return !/(\.|[-+*/%<>=!&|?:,]|\$)\s*$/.test(text.trim());
}
