/**
 * Revoked session ids, kept in the shared store until the last access token of the session expires,
 * so a logged-out access token is refused on every worker.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
}

export interface SessionRevocations {
  revoke(sessionId: string, ttlMs: number): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

export function createSessionRevocations(store: KeyValueStore): SessionRevocations {
  const key = (sessionId: string) => `revoked-session:${sessionId}`;
  return {
    revoke: (sessionId, ttlMs) => store.set(key(sessionId), '1', Math.max(1000, ttlMs)),
    isRevoked: async (sessionId) => (await store.get(key(sessionId))) !== null,
  };
}
