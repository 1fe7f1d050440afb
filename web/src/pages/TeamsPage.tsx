/** Teams: create, members (add by email, remove), what is shared with each team. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { teamApi } from '../api/endpoints';
import type { Team, User } from '../api/types';

function SharedEntities({ teamId }: { teamId: string }) {
  const shared = useQuery({
    queryKey: ['team-entities', teamId],
    queryFn: () => teamApi.sharedEntities(teamId),
  });
  if (!shared.data) return null;
  const groups = Object.entries(shared.data).filter(([, v]) => Array.isArray(v) && v.length > 0) as [
    string,
    { id: string; name?: string }[],
  ][];
  return (
    <div className="mt-2 text-xs">
      <h4 className="font-semibold">Shared with this team</h4>
      {groups.length === 0 && <p className="text-slate-500">Nothing yet.</p>}
      {groups.map(([kind, list]) => (
        <p key={kind}>
          <span className="text-slate-500">{kind.replace(/_/g, ' ')}: </span>
          {list.map((e) => e.name ?? e.id).join(', ')}
        </p>
      ))}
    </div>
  );
}

function TeamCard({ team, user, onChange }: { team: Team; user: User; onChange(): void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const creator = team.creator_id === user.id;
  const act = (action: () => Promise<unknown>) =>
    action().then(
      () => (setError(null), onChange()),
      (e: unknown) => setError(errorMessage(e)),
    );
  return (
    <li className="card" data-testid="team" data-name={team.name}>
      <div className="flex items-center gap-2">
        <h2 className="font-semibold">{team.name}</h2>
        {team.description && <span className="text-xs text-slate-500">{team.description}</span>}
        {creator && (
          <button
            type="button"
            className="btn btn-danger ml-auto text-xs"
            onClick={() => act(() => teamApi.remove(team.id))}
          >
            Delete team
          </button>
        )}
      </div>
      <ul className="mt-2 text-sm" aria-label={`Members of ${team.name}`}>
        {team.members.map((m) => (
          <li key={m.user_id} className="flex items-center gap-2">
            {m.email}
            {m.user_id === team.creator_id ? (
              <span className="text-[10px] text-slate-500">creator</span>
            ) : (
              <button
                type="button"
                className="text-xs text-rose-600 hover:underline"
                onClick={() => act(() => teamApi.removeMember(team.id, m.user_id))}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="mt-2 flex gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) act(() => teamApi.addMember(team.id, email.trim())).then(() => setEmail(''));
        }}
      >
        <label htmlFor={`member-${team.id}`} className="sr-only">
          Add member to {team.name} (email)
        </label>
        <input
          id={`member-${team.id}`}
          type="email"
          className="input max-w-xs text-xs"
          placeholder="member@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn text-xs">
          Add member
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-1 text-xs text-rose-600">
          {error}
        </p>
      )}
      <SharedEntities teamId={team.id} />
    </li>
  );
}

export function TeamsPage({ user }: { user: User }) {
  const client = useQueryClient();
  const teams = useQuery({ queryKey: ['teams'], queryFn: () => teamApi.list() });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['teams'] });
  const create = useMutation({
    mutationFn: () => teamApi.create(name.trim()),
    onSuccess: () => (setName(''), setError(null), refresh()),
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <section className="p-6" aria-labelledby="teams-title">
      <h1 id="teams-title" className="mb-4 text-xl font-bold">
        Teams
      </h1>
      <form
        className="mb-4 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) create.mutate();
        }}
      >
        <label htmlFor="team-name" className="sr-only">
          Team name
        </label>
        <input
          id="team-name"
          className="input max-w-xs"
          placeholder="New team name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Create team
        </button>
      </form>
      {error && (
        <p role="alert" className="mb-2 text-sm text-rose-600">
          {error}
        </p>
      )}
      <ul className="grid max-w-3xl gap-3" aria-label="Teams">
        {(teams.data?.items ?? []).map((t) => (
          <TeamCard key={t.id} team={t} user={user} onChange={refresh} />
        ))}
      </ul>
    </section>
  );
}
