/**
 * What runs see of credentials (spec 5.8): one context keyed by credential name merging owned,
 * user-shared and team-shared credentials, single credentials loaded by id, and every secret a
 * run could meet (for output masking). Building blocks only; the engine wiring lives elsewhere.
 */
import type { CredentialRepository, CredentialRow } from '../../store/repositories/credentials.js';
import { openValues, type CredentialLogger } from './credential-service.js';
import { exposedValue } from './credential-types.js';
import { secretStrings, type CredentialValues } from './credential-values.js';
import { routerOptions } from './model-router.js';
import type { ValueCipher } from './value-cipher.js';

export interface UsableCredential {
  id: string;
  name: string;
  type: string;
  ownerId: string;
  values: CredentialValues;
}

export interface ResolvedModelRouter {
  decision: (UsableCredential & { model: string }) | undefined;
  /** Options whose credential the router's owner may still use, in the router's order. */
  options: (UsableCredential & { model: string; whenToUse: string; fallback: boolean })[];
}

export interface CredentialScopeDeps {
  credentials: Pick<CredentialRepository, 'findUsable' | 'listUsableBy' | 'directlySharedWith'>;
  cipher: ValueCipher;
  logger?: CredentialLogger;
}

export function createCredentialScope({ credentials, cipher, logger }: CredentialScopeDeps) {
  const usable = (row: CredentialRow): UsableCredential | undefined => {
    const values = openValues(cipher, row, logger);
    return values && { id: row.id, name: row.name, type: row.type, ownerId: row.ownerId, values };
  };

  /** Owned first, then shared directly, then through a team; the oldest first within each. */
  async function usableByPrecedence(userId: string): Promise<UsableCredential[]> {
    const [rows, direct] = await Promise.all([
      credentials.listUsableBy(userId),
      credentials.directlySharedWith(userId),
    ]);
    const rank = (row: CredentialRow) => (row.ownerId === userId ? 0 : direct.has(row.id) ? 1 : 2);
    return rows
      .toSorted((a, b) => rank(a) - rank(b) || a.createdAt.getTime() - b.createdAt.getTime())
      .map(usable)
      .filter((item): item is UsableCredential => item !== undefined);
  }

  async function load(userId: string, credentialId: string): Promise<UsableCredential | undefined> {
    const row = await credentials.findUsable(credentialId, userId);
    return row && usable(row);
  }

  async function resolveRouter(router: UsableCredential): Promise<ResolvedModelRouter> {
    const asOwner = (id: string) => load(router.ownerId, id);
    const decision = await asOwner(String(router.values.decision_credential_id));
    const options: ResolvedModelRouter['options'] = [];
    for (const option of routerOptions(router.values)) {
      const credential = await asOwner(option.credential_id);
      if (!credential) continue;
      options.push({
        ...credential,
        model: option.model,
        whenToUse: option.when_to_use,
        fallback: option.fallback === true,
      });
    }
    return {
      decision: decision && { ...decision, model: String(router.values.decision_model) },
      options,
    };
  }

  return {
    /**
     * `$credentials`: name -> exposed value. On a name clash the owned credential wins, then a
     * direct share, then a team share. Excluded types (coding runner, issue tracker, model router)
     * and credentials whose exposed value is not set are left out.
     */
    async credentialScopeFor(userId: string): Promise<Record<string, string>> {
      const scope = new Map<string, string>();
      for (const credential of await usableByPrecedence(userId)) {
        if (scope.has(credential.name)) continue;
        const value = exposedValue(credential.type, credential.values);
        if (value !== undefined) scope.set(credential.name, value);
      }
      return Object.fromEntries(scope);
    },

    /** A credential's type and decrypted values, only when `userId` may use it. */
    async loadCredentialForUse(
      userId: string,
      credentialId: string,
    ): Promise<{ type: string; values: CredentialValues } | undefined> {
      const credential = await load(userId, credentialId);
      return credential && { type: credential.type, values: credential.values };
    },

    /** A model router with its references loaded as its owner may use them. */
    async resolveModelRouter(userId: string, routerId: string): Promise<ResolvedModelRouter | undefined> {
      const router = await load(userId, routerId);
      return router?.type === 'model_router' ? resolveRouter(router) : undefined;
    },

    /**
     * Every secret string `userId`'s runs could meet, longest first: the secrets of every usable
     * credential, the exposed values built from them (the header line), and the secrets of the
     * credentials their model routers reference.
     */
    async secretValuesFor(userId: string): Promise<string[]> {
      const found = new Set<string>();
      const add = (credential: UsableCredential) => {
        for (const value of secretStrings(credential.type, credential.values)) found.add(value);
        const exposed = exposedValue(credential.type, credential.values);
        if (exposed !== undefined && secretStrings(credential.type, credential.values).length > 0)
          found.add(exposed);
      };
      for (const credential of await usableByPrecedence(userId)) {
        add(credential);
        if (credential.type !== 'model_router') continue;
        const router = await resolveRouter(credential);
        if (router.decision) add(router.decision);
        for (const option of router.options) add(option);
      }
      return [...found].sort((a, b) => b.length - a.length);
    },
  };
}

export type CredentialScope = ReturnType<typeof createCredentialScope>;
