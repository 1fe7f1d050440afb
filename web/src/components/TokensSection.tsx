/** Execution tokens of one workflow (spec 4.2): create, list, revoke. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { tokenApi } from '../api/endpoints';
import { formatTime } from './StatusBadge';

const TTLS = [
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
  { label: '30 days', seconds: 2_592_000 },
  { label: '1 year', seconds: 31_536_000 },
];

export function TokensSection({ workflowId, onToken }: { workflowId: string; onToken(token: string): void }) {
  const client = useQueryClient();
  const key = ['tokens', workflowId];
  const tokens = useQuery({ queryKey: key, queryFn: () => tokenApi.list(workflowId) });
  const [ttl, setTtl] = useState(TTLS[1]!.seconds);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => tokenApi.create(workflowId, ttl),
    onSuccess: (token) => {
      setCreated(token.token ?? null);
      if (token.token) onToken(token.token);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => tokenApi.revoke(workflowId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <section aria-labelledby="tokens-title" className="space-y-2">
      <h3 id="tokens-title" className="font-semibold">
        Execution tokens
      </h3>
      <div className="flex items-end gap-2">
        <div>
          <label htmlFor="token-ttl" className="label">
            Lifetime
          </label>
          <select
            id="token-ttl"
            className="input"
            value={ttl}
            onChange={(e) => setTtl(Number(e.target.value))}
          >
            {TTLS.map((t) => (
              <option key={t.seconds} value={t.seconds}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => create.mutate()}
          disabled={create.isPending}
        >
          Create token
        </button>
      </div>
      {created && (
        <div className="rounded bg-amber-50 p-2 text-xs dark:bg-amber-950">
          <p className="mb-1 font-semibold">Copy it now: the token is shown only once.</p>
          <code data-testid="new-token" className="block break-all">
            {created}
          </code>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-rose-600">
          {error}
        </p>
      )}
      {tokens.isError && (
        <p className="text-xs text-slate-500">Tokens are not available: {errorMessage(tokens.error)}</p>
      )}
      <ul className="divide-y divide-slate-200 text-xs dark:divide-slate-700" aria-label="Tokens">
        {(tokens.data?.items ?? []).map((t) => (
          <li
            key={t.id}
            className="flex items-center gap-2 py-1"
            data-testid="token"
            data-state={t.revoked ? 'revoked' : t.expired ? 'expired' : 'active'}
          >
            <code className="truncate">{t.id.slice(0, 8)}</code>
            <span>expires {formatTime(t.expires_at)}</span>
            {(t.revoked || t.expired) && (
              <span className="text-rose-600">{t.revoked ? 'revoked' : 'expired'}</span>
            )}
            {!t.revoked && (
              <button
                type="button"
                className="btn btn-danger ml-auto text-xs"
                onClick={() => revoke.mutate(t.id)}
              >
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
