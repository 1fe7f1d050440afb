/**
 * Field classification and template scanning (design 7 and 10):
 * - `$$` is always a literal `$`.
 * - A field whose trimmed value starts with `$`+letter and parses completely as one expression, or
 *   is exactly one `{{ expr }}` block, is an expression with a native JSON result.
 * - Otherwise `$`+letter references and `{{ expr }}` blocks make a template rendered to a string. A
 *   reference extends over `.name`, `[index]`, `["key"]` and `(args)` (balanced, quotes respected);
 *   a `.` not followed by a name ends it. An unclosed `{{` is literal text.
 * - Whole-field candidates where whitespace separates a name from a following `(`, `[` or `.`
 *   (`$a.name (note)`) are templates, since jsep would read them as a call, index or member.
 */
import type { Node } from './ast.js';
import { fail } from './errors.js';
import { MAX_SCAN_WORK, MAX_SOURCE_LENGTH } from './limits.js';
import { tryParseExpression } from './parser.js';

export type Segment =
  { kind: 'text'; text: string } | { kind: 'reference'; source: string } | { kind: 'block'; source: string };

export type FieldShape =
  | { kind: 'text'; text: string }
  | { kind: 'expression'; source: string; node: Node | undefined }
  | { kind: 'template'; segments: Segment[] };

const LETTER = /\p{L}/u;
const NAME_START = /[\p{L}_]/u;
const NAME_PART = /[\p{L}\p{N}_]/u;
const CLOSERS = new Map([
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
]);

/** Counts look-ahead characters so that pathological fields fail fast instead of scanning forever. */
class ScanWork {
  private spent = 0;

  spend(count: number): void {
    this.spent += count;
    if (this.spent > MAX_SCAN_WORK) fail('limit', 'field is too complex to scan for expressions');
  }
}

const test = (pattern: RegExp, char: string | undefined): boolean => char !== undefined && pattern.test(char);

export function startsReference(text: string, index: number): boolean {
  return text[index] === '$' && test(LETTER, text[index + 1]);
}

/** Index of the bracket closing the one at `open`, or -1 (unbalanced, or longer than an expression may be). */
function matchBracket(text: string, open: number, work: ScanWork): number {
  const expected: string[] = [];
  let quote = '';
  const end = Math.min(text.length, open + MAX_SOURCE_LENGTH);
  let index = open;
  for (; index < end; index++) {
    const char = text.charAt(index);
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (CLOSERS.has(char)) {
      expected.push(CLOSERS.get(char) ?? '');
    } else if (char === ')' || char === ']' || char === '}') {
      if (expected.pop() !== char) break;
      if (expected.length === 0) {
        work.spend(index - open);
        return index;
      }
    }
  }
  work.spend(index - open);
  return -1;
}

function scanReference(text: string, start: number, work: ScanWork): number {
  let index = start + 1;
  while (test(NAME_PART, text[index])) index++;
  for (;;) {
    const char = text[index];
    if (char === '.' && test(NAME_START, text[index + 1])) {
      index += 2;
      while (test(NAME_PART, text[index])) index++;
    } else if (char === '[' || char === '(') {
      const close = matchBracket(text, index, work);
      if (close < 0) return index;
      index = close + 1;
    } else {
      return index;
    }
  }
}

/** Index of the `}}` closing a block whose body starts at `from`, or -1. */
export function findBlockEnd(text: string, from: number, work: ScanWork = new ScanWork()): number {
  let depth = 0;
  let quote = '';
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      if (depth === 0 && text[index + 1] === '}') {
        work.spend(index - from);
        return index;
      }
      depth = Math.max(0, depth - 1);
    }
  }
  work.spend(text.length - from);
  return -1;
}

export function scanTemplate(value: string): Segment[] {
  const segments: Segment[] = [];
  const work = new ScanWork();
  let text = '';
  const flush = (): void => {
    if (text) segments.push({ kind: 'text', text });
    text = '';
  };
  let index = 0;
  while (index < value.length) {
    if (value.startsWith('$$', index)) {
      text += '$';
      index += 2;
    } else if (startsReference(value, index)) {
      const end = scanReference(value, index, work);
      flush();
      segments.push({ kind: 'reference', source: value.slice(index, end) });
      index = end;
    } else if (value.startsWith('{{', index)) {
      const end = findBlockEnd(value, index + 2, work);
      if (end < 0) {
        text += '{{';
        index += 2;
      } else {
        flush();
        segments.push({ kind: 'block', source: value.slice(index + 2, end) });
        index = end + 2;
      }
    } else {
      text += value[index];
      index++;
    }
  }
  flush();
  return segments;
}

const STRING_LITERAL = /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g;
const SPACED_POSTFIX = /[\p{L}\p{N}_$)\]]\s+[([.]/u;

/**
 * jsep accepts `$a.name (note)`, `$a.tags [x]` and `$a.total . Thanks` as a call, an index and a
 * member; in a field they are text after a reference, so such fields are not whole-field candidates.
 */
function hasSpacedPostfix(source: string): boolean {
  return SPACED_POSTFIX.test(source.replace(STRING_LITERAL, '""'));
}

const SHAPE_CACHE_SIZE = 2048;
const shapes = new Map<string, FieldShape>();

/** Shapes are cached by text (the same fields render on every run); callers never mutate them. */
export function classifyField(value: string): FieldShape {
  let shape = shapes.get(value);
  if (shape === undefined) {
    shape = classifyUncached(value);
    if (shapes.size >= SHAPE_CACHE_SIZE) shapes.delete(shapes.keys().next().value as string);
    shapes.set(value, shape);
  }
  return shape;
}

function classifyUncached(value: string): FieldShape {
  const trimmed = value.trim();
  if (startsReference(trimmed, 0) && trimmed.length <= MAX_SOURCE_LENGTH && !hasSpacedPostfix(trimmed)) {
    const node = tryParseExpression(trimmed);
    if (node) return { kind: 'expression', source: trimmed, node };
  }
  if (trimmed.startsWith('{{') && findBlockEnd(trimmed, 2) === trimmed.length - 2) {
    return { kind: 'expression', source: trimmed.slice(2, -2), node: undefined };
  }
  if (!value.includes('$') && !value.includes('{{')) return { kind: 'text', text: value };
  const segments = scanTemplate(value);
  if (segments.every((segment) => segment.kind === 'text')) {
    return {
      kind: 'text',
      text: segments.map((segment) => (segment.kind === 'text' ? segment.text : '')).join(''),
    };
  }
  return { kind: 'template', segments };
}
