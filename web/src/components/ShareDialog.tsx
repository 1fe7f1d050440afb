/** Share a workflow with users (by email) and teams. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { shareApi, teamApi } from '../api/endpoints';
import type { User, WorkflowRecord } from '../api/types';
import { Dialog } from './Dialog';

export function ShareDialog(props: { open: boolean; onClose(): void; workflow: WorkflowRecord; user: User }) {
  return (
    <Dialog title={`Share "${props.workflow.name}"`} open={props.open} onClose={props.onClose}>
      <ShareForm workflowId={props.workflow.id} />
    </Dialog>
  );
}

function ShareForm({ workflowId }: { workflowId: string }) {
  const client = useQueryClient();
  const users = useQuery({ queryKey: ['shares', workflowId], queryFn: () => shareApi.users(workflowId) });
  const teamShares = useQuery({
    queryKey: ['team-shares', workflowId],
    queryFn: () => shareApi.teams(workflowId),
  });
  const teams = useQuery({ queryKey: ['teams'], queryFn: () => teamApi.list() });
  const [email, setEmail] = useState('');
  const [team, setTeam] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    setError(null);
    void client.invalidateQueries({ queryKey: ['shares', workflowId] });
    void client.invalidateQueries({ queryKey: ['team-shares', workflowId] });
  };
  const onError = (e: unknown) => setError(errorMessage(e));
  const addUser = useMutation({
    mutationFn: () => shareApi.addUser(workflowId, email.trim()),
    onSuccess: () => (setEmail(''), refresh()),
    onError,
  });
  const removeUser = useMutation({
    mutationFn: (id: string) => shareApi.removeUser(workflowId, id),
    onSuccess: refresh,
    onError,
  });
  const addTeam = useMutation({
    mutationFn: () => shareApi.addTeam(workflowId, team),
    onSuccess: refresh,
    onError,
  });
  const removeTeam = useMutation({
    mutationFn: (id: string) => shareApi.removeTeam(workflowId, id),
    onSuccess: refresh,
    onError,
  });

  return (
    <div className="space-y-4 text-sm">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) addUser.mutate();
        }}
      >
        <div className="flex-1">
          <label htmlFor="share-email" className="label">
            Share with a user (email)
          </label>
          <input
            id="share-email"
            type="email"
            className="input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={addUser.isPending}>
          Share
        </button>
      </form>
      {error && (
        <p role="alert" className="text-xs text-rose-600">
          {error}
        </p>
      )}
      <ul aria-label="Shared with users" className="divide-y divide-slate-200 dark:divide-slate-700">
        {(users.data?.items ?? []).map((share) => (
          <li key={share.user_id} className="flex items-center gap-2 py-1" data-testid="user-share">
            <span>{share.email}</span>
            <button
              type="button"
              className="btn btn-danger ml-auto text-xs"
              onClick={() => removeUser.mutate(share.user_id)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (team) addTeam.mutate();
        }}
      >
        <div className="flex-1">
          <label htmlFor="share-team" className="label">
            Share with a team
          </label>
          <select id="share-team" className="input" value={team} onChange={(e) => setTeam(e.target.value)}>
            <option value="">Choose a team…</option>
            {(teams.data?.items ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn" disabled={!team}>
          Share with team
        </button>
      </form>
      <ul aria-label="Shared with teams" className="divide-y divide-slate-200 dark:divide-slate-700">
        {(teamShares.data?.items ?? []).map((share) => (
          <li key={share.team_id} className="flex items-center gap-2 py-1">
            <span>👥 {share.name}</span>
            <button
              type="button"
              className="btn btn-danger ml-auto text-xs"
              onClick={() => removeTeam.mutate(share.team_id)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
