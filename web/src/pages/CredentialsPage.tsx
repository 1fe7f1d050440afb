/** Credentials: a form per type (from GET /api/credential-types), masked values, sharing. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { credentialApi, credentialTypeApi, type CredentialTypeInfo } from '../api/endpoints';
import type { Credential, User } from '../api/types';
import { humanize } from '../editor/schema-fields';

function fieldValue(field: CredentialTypeInfo['fields'][number], text: string): unknown {
  const type = field.schema.type;
  if (type === 'boolean') return text === 'true';
  if (type === 'integer' || type === 'number') return Number(text);
  if (type === 'array' || type === 'object') return JSON.parse(text) as unknown;
  return text;
}

function CreateForm({ types, onCreated }: { types: CredentialTypeInfo[]; onCreated(): void }) {
  const [type, setType] = useState(types.find((t) => t.type === 'bearer')?.type ?? types[0]?.type ?? '');
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const info = types.find((t) => t.type === type);
  const create = useMutation({
    mutationFn: () => {
      const body: Record<string, unknown> = {};
      for (const field of info?.fields ?? []) {
        const text = values[field.name] ?? '';
        if (text !== '') body[field.name] = fieldValue(field, text);
      }
      return credentialApi.create({ name: name.trim(), type, values: body });
    },
    onSuccess: () => {
      setName('');
      setValues({});
      setError(null);
      onCreated();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <form
      className="card mb-6 grid max-w-2xl grid-cols-2 gap-3"
      aria-label="New credential"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <h2 className="col-span-2 font-semibold">New credential</h2>
      <div>
        <label htmlFor="cred-name" className="label">
          Name
        </label>
        <input
          id="cred-name"
          className="input"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="cred-type" className="label">
          Type
        </label>
        <select
          id="cred-type"
          className="input"
          value={type}
          onChange={(e) => (setType(e.target.value), setValues({}))}
        >
          {types.map((t) => (
            <option key={t.type} value={t.type}>
              {t.type}
            </option>
          ))}
        </select>
      </div>
      {info?.fields.map((field) => {
        const id = `cred-field-${field.name}`;
        const boolean = field.schema.type === 'boolean';
        return (
          <div key={field.name}>
            <label htmlFor={id} className="label">
              {humanize(field.name)}
              {field.required ? ' *' : ''}
              {field.secret && <span className="ml-1 text-[10px] text-amber-600">secret</span>}
            </label>
            {boolean ? (
              <select
                id={id}
                className="input"
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              >
                <option value="">—</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : (
              <input
                id={id}
                className="input font-mono text-xs"
                type={field.secret ? 'password' : field.schema.type === 'integer' ? 'number' : 'text'}
                autoComplete="off"
                placeholder={field.schema.type === 'array' ? '[ … JSON … ]' : undefined}
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              />
            )}
          </div>
        );
      })}
      {error && (
        <p role="alert" className="col-span-2 text-sm text-rose-600">
          {error}
        </p>
      )}
      <div className="col-span-2">
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
          Create credential
        </button>
      </div>
    </form>
  );
}

function CredentialRow({
  credential,
  user,
  onChange,
}: {
  credential: Credential;
  user: User;
  onChange(): void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const owner = credential.owner_id === user.id;
  const act = (action: () => Promise<unknown>) =>
    action().then(
      () => (setError(null), onChange()),
      (e: unknown) => setError(errorMessage(e)),
    );
  return (
    <li className="card" data-testid="credential" data-name={credential.name}>
      <div className="flex items-center gap-2">
        <h3 className="font-semibold">{credential.name}</h3>
        <span className="rounded bg-slate-100 px-1.5 text-xs dark:bg-slate-800">{credential.type}</span>
        {!owner && <span className="text-xs text-slate-500">shared with you</span>}
        {owner && (
          <button
            type="button"
            className="btn btn-danger ml-auto text-xs"
            onClick={() => act(() => credentialApi.remove(credential.id))}
          >
            Delete
          </button>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 text-xs">
        {Object.entries(credential.values ?? {}).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">{humanize(key)}</dt>
            <dd className="font-mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
        {Object.entries(credential.masked ?? {}).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">{humanize(key)}</dt>
            <dd className="font-mono" data-testid="masked-value">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {owner && (
        <div className="mt-2 text-xs">
          <span className="text-slate-500">Shared with: </span>
          {credential.shared_with.length === 0 && 'nobody'}
          {credential.shared_with.map((s) => (
            <span key={s.user_id} className="mr-2 inline-flex items-center gap-1">
              {s.email}
              <button
                type="button"
                aria-label={`Stop sharing with ${s.email}`}
                onClick={() => act(() => credentialApi.unshare(credential.id, s.user_id))}
              >
                ✕
              </button>
            </span>
          ))}
          <form
            className="mt-1 flex gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              if (email.trim())
                act(() => credentialApi.share(credential.id, email.trim())).then(() => setEmail(''));
            }}
          >
            <label htmlFor={`share-${credential.id}`} className="sr-only">
              Share {credential.name} with (email)
            </label>
            <input
              id={`share-${credential.id}`}
              type="email"
              className="input max-w-xs text-xs"
              placeholder="user@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn text-xs">
              Share
            </button>
          </form>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs text-rose-600">
          {error}
        </p>
      )}
    </li>
  );
}

export function CredentialsPage({ user }: { user: User }) {
  const client = useQueryClient();
  const credentials = useQuery({ queryKey: ['credentials'], queryFn: () => credentialApi.list() });
  const types = useQuery({
    queryKey: ['credential-types'],
    queryFn: () => credentialTypeApi.list(),
    staleTime: Infinity,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['credentials'] });
  return (
    <section className="p-6" aria-labelledby="credentials-title">
      <h1 id="credentials-title" className="mb-4 text-xl font-bold">
        Credentials
      </h1>
      {types.data && <CreateForm types={types.data.items} onCreated={refresh} />}
      {credentials.isError && (
        <p role="alert" className="text-rose-600">
          {errorMessage(credentials.error)}
        </p>
      )}
      <ul className="grid max-w-3xl gap-3" aria-label="Credentials">
        {(credentials.data?.items ?? []).map((c) => (
          <CredentialRow key={c.id} credential={c} user={user} onChange={refresh} />
        ))}
      </ul>
    </section>
  );
}
