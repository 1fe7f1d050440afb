/** Global variables (`$global.<name>`): list, create, edit, delete. Values are JSON. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { variableApi } from '../api/endpoints';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function VariablesPage() {
  const client = useQueryClient();
  const variables = useQuery({ queryKey: ['variables'], queryFn: () => variableApi.list() });
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [editing, setEditing] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const act = (action: () => Promise<unknown>) =>
    action().then(
      () => (setError(null), client.invalidateQueries({ queryKey: ['variables'] })),
      (e: unknown) => setError(errorMessage(e)),
    );
  return (
    <section className="p-6" aria-labelledby="variables-title">
      <h1 id="variables-title" className="mb-4 text-xl font-bold">
        Global variables
      </h1>
      <form
        className="mb-4 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim())
            act(() => variableApi.create(name.trim(), parse(value))).then(() => (setName(''), setValue('')));
        }}
      >
        <div>
          <label htmlFor="var-name" className="label">
            Name
          </label>
          <input
            id="var-name"
            className="input font-mono"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex-1">
          <label htmlFor="var-value" className="label">
            Value (JSON or text)
          </label>
          <input
            id="var-value"
            className="input font-mono"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Add variable
        </button>
      </form>
      {error && (
        <p role="alert" className="mb-2 text-sm text-rose-600">
          {error}
        </p>
      )}
      <table className="w-full max-w-3xl text-left text-sm" aria-label="Global variables">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
          <tr>
            <th className="py-2">Name</th>
            <th>Value</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(variables.data?.items ?? []).map((v) => (
            <tr key={v.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-1.5 font-mono">$global.{v.name}</td>
              <td>
                <label htmlFor={`var-${v.id}`} className="sr-only">
                  Value of {v.name}
                </label>
                <input
                  id={`var-${v.id}`}
                  className="input font-mono text-xs"
                  value={editing[v.id] ?? show(v.value)}
                  onChange={(e) => setEditing({ ...editing, [v.id]: e.target.value })}
                />
              </td>
              <td className="space-x-1 whitespace-nowrap pl-2 text-right">
                <button
                  type="button"
                  className="btn text-xs"
                  disabled={editing[v.id] === undefined}
                  onClick={() =>
                    act(() => variableApi.update(v.id, { value: parse(editing[v.id] ?? '') })).then(() =>
                      setEditing(({ [v.id]: _, ...rest }) => rest),
                    )
                  }
                >
                  Save
                </button>
                <button
                  type="button"
                  className="btn btn-danger text-xs"
                  onClick={() => act(() => variableApi.remove(v.id))}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
