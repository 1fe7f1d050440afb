/**
 * What a team has been given (spec 4.6 `shared-entities`): one provider per kind of thing, each a
 * small function from a team id to its items. Kinds that no provider covers yet answer an empty
 * list, so the response always names every kind.
 */
import type { SharedEntities, SharedEntity, SharedEntityKind } from '../../http/schemas/team.js';

export interface SharedEntityProvider {
  kind: SharedEntityKind;
  list(teamId: string): Promise<SharedEntity[]>;
}

export const SHARED_ENTITY_KINDS = [
  'workflows',
  'credentials',
  'global_variables',
  'vector_stores',
  'files',
  'workflow_templates',
  'node_templates',
] as const satisfies readonly SharedEntityKind[];

/** Every kind, each filled by its providers (in list order) or empty. */
export async function collectSharedEntities(
  teamId: string,
  providers: readonly SharedEntityProvider[],
): Promise<SharedEntities> {
  const entities = Object.fromEntries(
    SHARED_ENTITY_KINDS.map((kind) => [kind, [] as SharedEntity[]]),
  ) as SharedEntities;
  const lists = await Promise.all(providers.map((provider) => provider.list(teamId)));
  providers.forEach((provider, index) => entities[provider.kind].push(...lists[index]!));
  return entities;
}
