/**
 * The expression syntax tree the evaluator walks. jsep's loosely typed tree is converted into this
 * closed union by convert.ts, which also rejects every construct outside the language.
 */
export const BINARY_OPERATORS = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '>',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
]);
export const UNARY_OPERATORS = new Set(['-', '!']);

export type LiteralValue = string | number | boolean | null;

export interface LiteralNode {
  type: 'Literal';
  value: LiteralValue;
}
export interface IdentifierNode {
  type: 'Identifier';
  name: string;
}
/** `key` is the property name for `a.b`, or the key expression for `a[expr]`. */
export interface MemberNode {
  type: 'Member';
  object: Node;
  key: string | Node;
}
export interface CallNode {
  type: 'Call';
  callee: Node;
  args: Node[];
}
export interface UnaryNode {
  type: 'Unary';
  operator: string;
  argument: Node;
}
export interface BinaryNode {
  type: 'Binary';
  operator: string;
  left: Node;
  right: Node;
}
export interface ConditionalNode {
  type: 'Conditional';
  test: Node;
  consequent: Node;
  alternate: Node;
}
export interface ArrayNode {
  type: 'Array';
  elements: Node[];
}
export interface ObjectNode {
  type: 'Object';
  properties: { key: string; value: Node }[];
}
export interface ArrowNode {
  type: 'Arrow';
  params: string[];
  body: Node;
}

export type Node =
  | LiteralNode
  | IdentifierNode
  | MemberNode
  | CallNode
  | UnaryNode
  | BinaryNode
  | ConditionalNode
  | ArrayNode
  | ObjectNode
  | ArrowNode;

/** Direct children of a node, in source order. */
export function childrenOf(node: Node): Node[] {
  switch (node.type) {
    case 'Literal':
    case 'Identifier':
      return [];
    case 'Member':
      return typeof node.key === 'string' ? [node.object] : [node.object, node.key];
    case 'Call':
      return [node.callee, ...node.args];
    case 'Unary':
      return [node.argument];
    case 'Binary':
      return [node.left, node.right];
    case 'Conditional':
      return [node.test, node.consequent, node.alternate];
    case 'Array':
      return node.elements;
    case 'Object':
      return node.properties.map((property) => property.value);
    case 'Arrow':
      return [node.body];
  }
}
