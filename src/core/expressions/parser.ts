/** Parses one expression source into our AST (jsep + convert.ts), with limits and a small cache. */
import jsep from 'jsep';
import type { Node } from './ast.js';
import { convert } from './convert.js';
import { EvalFailure, fail } from './errors.js';
import { configureJsep } from './jsep-plugins.js';
import { MAX_AST_DEPTH, MAX_SOURCE_LENGTH } from './limits.js';

configureJsep();

const CACHE_SIZE = 1000;
const cache = new Map<string, Node | EvalFailure>();

/**
 * Rejects bracket nesting deeper than MAX_AST_DEPTH before jsep (which is recursive) sees the source.
 */
function checkNesting(source: string): void {
  let depth = 0;
  let quote = '';
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '(' || char === '[' || char === '{') {
      if (++depth > MAX_AST_DEPTH) {
        fail('limit', `expression is nested deeper than the limit of ${MAX_AST_DEPTH} levels`);
      }
    } else if (char === ')' || char === ']' || char === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
}

function parseTree(source: string): jsep.Expression {
  try {
    return jsep(source);
  } catch (error) {
    if (error instanceof RangeError) return fail('limit', 'expression is nested too deeply');
    const message = error instanceof Error ? error.message : String(error);
    return fail('syntax', `syntax error: ${message}`);
  }
}

function parseUncached(source: string): Node {
  if (source.length > MAX_SOURCE_LENGTH) {
    fail('limit', `expression is longer than the limit of ${MAX_SOURCE_LENGTH} characters`);
  }
  if (source.trim() === '') fail('syntax', 'empty expression');
  checkNesting(source);
  return convert(parseTree(source));
}

/**
 * Parses `source` as exactly one expression; throws EvalFailure (kind `syntax`, `limit` or
 * `refused`). Results and failures are cached: parsing is deterministic and fields repeat.
 */
export function parseExpression(source: string): Node {
  let entry = cache.get(source);
  if (entry === undefined) {
    try {
      entry = parseUncached(source);
    } catch (error) {
      if (!(error instanceof EvalFailure)) throw error;
      entry = error;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, entry);
  }
  if (entry instanceof EvalFailure) throw entry;
  return entry;
}

/** Like parseExpression, but a syntax failure gives undefined instead of throwing. */
export function tryParseExpression(source: string): Node | undefined {
  try {
    return parseExpression(source);
  } catch (error) {
    if (error instanceof EvalFailure && error.kind === 'syntax') return undefined;
    throw error;
  }
}
