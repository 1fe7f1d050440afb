/**
 * Skein's expression language (design 7 and 10): jsep parses, our own evaluator walks the tree over
 * a whitelist of operators, methods and functions. Never eval, Function or vm.
 */
export { evaluateExpression, referencedRoots, renderDeep, renderField, setOwn } from './render.js';
export { BUILTIN_ROOTS, type ExpressionScope } from './scope.js';
export { ExpressionError, ExpressionErrorKind } from './errors.js';
export {
  MAX_ARRAY_LENGTH,
  MAX_AST_DEPTH,
  MAX_SCAN_WORK,
  MAX_SOURCE_LENGTH,
  MAX_STEPS,
  MAX_STRING_LENGTH,
} from './limits.js';
