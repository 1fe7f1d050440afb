/**
 * Credential references in imported workflows: members named `credentialId` or `credential_id`
 * anywhere in a node's `data` (a model router lists them in its options). A reference the importer
 * may not use is cleared (set to null) and reported, so an archive cannot borrow someone else's
 * secrets by id.
 */

const CREDENTIAL_KEYS = new Set(['credentialId', 'credential_id']);
/** Deeper data is refused before this runs (storable JSON is at most 64 levels). */
const MAX_DEPTH = 64;

export interface CredentialRef {
  nodeId: string;
  /** Where in the node, e.g. `data.credentialId` or `data.options[0].credential_id`. */
  field: string;
  /** The referenced id as stored. */
  value: unknown;
  clear(): void;
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';

/** Every credential reference in `nodes` (as parsed from JSON); null and '' are no reference. */
export function findCredentialRefs(nodes: readonly unknown[]): CredentialRef[] {
  const refs: CredentialRef[] = [];
  for (const node of nodes) {
    if (!isContainer(node) || Array.isArray(node) || !isContainer(node.data)) continue;
    const nodeId = String(node.id);
    const stack: [Container, string, number][] = [[node.data, 'data', 1]];
    while (stack.length > 0) {
      const [container, at, depth] = stack.pop()!;
      const entries: [string | number, unknown][] = Array.isArray(container)
        ? container.map((item, index) => [index, item])
        : Object.entries(container);
      for (const [key, value] of entries) {
        const field = typeof key === 'number' ? `${at}[${key}]` : `${at}.${key}`;
        if (typeof key === 'string' && CREDENTIAL_KEYS.has(key) && value !== null && value !== '') {
          const owner = container as Record<string, unknown>;
          refs.push({ nodeId, field, value, clear: () => void (owner[key] = null) });
        } else if (isContainer(value) && depth < MAX_DEPTH) {
          stack.push([value, field, depth + 1]);
        }
      }
    }
  }
  return refs.sort((a, b) => a.nodeId.localeCompare(b.nodeId) || a.field.localeCompare(b.field));
}

/** Clears the references whose id is not in `usable`; answers the cleared ones. */
export function clearUnusableRefs(
  refs: readonly CredentialRef[],
  usable: ReadonlySet<string>,
): CredentialRef[] {
  const cleared = refs.filter((ref) => typeof ref.value !== 'string' || !usable.has(ref.value));
  for (const ref of cleared) ref.clear();
  return cleared;
}
