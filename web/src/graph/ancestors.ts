/** Graph questions the editor asks of the document: ancestors, direct parents. Pure. */
import type { DocEdge } from '../api/types';

export function parentsOf(nodeId: string, edges: readonly Pick<DocEdge, 'source' | 'target'>[]): string[] {
  return [...new Set(edges.filter((edge) => edge.target === nodeId).map((edge) => edge.source))];
}

/** Every node upstream of `nodeId` (not itself), nearest first. */
export function ancestorsOf(nodeId: string, edges: readonly Pick<DocEdge, 'source' | 'target'>[]): string[] {
  const seen = new Set<string>([nodeId]);
  const order: string[] = [];
  let frontier = [nodeId];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const parent of parentsOf(id, edges)) {
        if (seen.has(parent)) continue;
        seen.add(parent);
        order.push(parent);
        next.push(parent);
      }
    }
    frontier = next;
  }
  return order;
}
