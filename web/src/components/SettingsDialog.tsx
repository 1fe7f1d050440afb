/**
 * Workflow settings (spec 2.1) and the cURL dialog: auth, method, body mode, cache, rate limit,
 * SSE and per-node start messages; owner-only fields are disabled for collaborators.
 */
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../api/client';
import { workflowApi } from '../api/endpoints';
import type { User, WorkflowRecord, WorkflowSettings } from '../api/types';
import { curlCommand } from './curl';
import { Dialog } from './Dialog';
import { TokensSection } from './TokensSection';

type Draft = Pick<
  WorkflowSettings,
  | 'auth_type'
  | 'auth_header_key'
  | 'auth_header_value'
  | 'http_method'
  | 'webhook_body_mode'
  | 'cache_ttl_seconds'
  | 'rate_limit_requests'
  | 'rate_limit_window_seconds'
  | 'sse_enabled'
  | 'sse_node_config'
>;

const draftOf = (w: WorkflowRecord): Draft => ({
  auth_type: w.auth_type,
  auth_header_key: w.auth_header_key,
  auth_header_value: w.auth_header_value,
  http_method: w.http_method,
  webhook_body_mode: w.webhook_body_mode,
  cache_ttl_seconds: w.cache_ttl_seconds,
  rate_limit_requests: w.rate_limit_requests,
  rate_limit_window_seconds: w.rate_limit_window_seconds,
  sse_enabled: w.sse_enabled,
  sse_node_config: w.sse_node_config ?? {},
});

/** The whole-number settings, in the order of the form; empty means none (no cache, no limit). */
const NUMBER_SETTINGS = [
  { key: 'cache_ttl_seconds', id: 'set-cache', label: 'Cache TTL (s, 0 = off)', min: 0 },
  { key: 'rate_limit_requests', id: 'set-rate', label: 'Rate limit (requests)', min: 1 },
  { key: 'rate_limit_window_seconds', id: 'set-window', label: 'Rate window (s)', min: 1 },
] as const satisfies readonly { key: keyof Draft; id: string; label: string; min: number }[];

const intOrNull = (text: string) => (text.trim() === '' ? null : Math.max(0, Math.floor(Number(text))));

/** A labelled control of the settings grid; `id` is the control's, which `children` must carry. */
function Field(props: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="label">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/** A whole-number setting of at least `min`; an empty field is null. */
function NumberField(props: {
  id: string;
  label: string;
  min: number;
  value: number | null;
  onChange(value: number | null): void;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <input
        id={props.id}
        className="input"
        type="number"
        min={props.min}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(intOrNull(e.target.value))}
      />
    </Field>
  );
}

export function SettingsDialog(props: {
  open: boolean;
  onClose(): void;
  workflow: WorkflowRecord;
  user: User;
  onSaved(w: WorkflowRecord): void;
}) {
  return (
    <Dialog title="Workflow settings and cURL" open={props.open} onClose={props.onClose} wide>
      <SettingsForm {...props} />
    </Dialog>
  );
}

function SettingsForm({
  workflow,
  user,
  onSaved,
}: {
  workflow: WorkflowRecord;
  user: User;
  onSaved(w: WorkflowRecord): void;
}) {
  const owner = workflow.owner_id === user.id;
  const [draft, setDraft] = useState<Draft>(() => draftOf(workflow));
  const [status, setStatus] = useState<string | null>(null);
  const [stream, setStream] = useState(false);
  const [token, setToken] = useState<string | undefined>();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const nodes = workflow.nodes.filter((n) => n.type !== 'sticky');

  const save = async () => {
    try {
      const changed = Object.fromEntries(
        Object.entries(draft).filter(
          ([k, v]) => JSON.stringify(v) !== JSON.stringify(draftOf(workflow)[k as keyof Draft]),
        ),
      );
      if (!owner) delete changed.auth_header_value;
      onSaved(await workflowApi.update(workflow.id, changed as Partial<WorkflowRecord>));
      setStatus('Settings saved');
    } catch (e) {
      setStatus(errorMessage(e));
    }
  };

  const command = curlCommand({ ...workflow, ...draft }, { baseUrl: location.origin, stream, token });
  return (
    <div className="space-y-5 text-sm">
      {!owner && (
        <p className="rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
          Only the owner can change these settings.
        </p>
      )}
      <fieldset disabled={!owner} className="grid grid-cols-2 gap-3">
        <legend className="sr-only">Execute endpoint</legend>
        <Field id="set-auth" label="Authentication">
          <select
            id="set-auth"
            className="input"
            value={draft.auth_type}
            onChange={(e) => set('auth_type', e.target.value as Draft['auth_type'])}
          >
            <option value="anonymous">Anonymous</option>
            <option value="jwt">Execution token (JWT)</option>
            <option value="header_auth">Header</option>
          </select>
        </Field>
        <Field id="set-method" label="HTTP method">
          <select
            id="set-method"
            className="input"
            value={draft.http_method}
            onChange={(e) => set('http_method', e.target.value as Draft['http_method'])}
          >
            {['GET', 'POST', 'PUT', 'DELETE'].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        {draft.auth_type === 'header_auth' && (
          <>
            <Field id="set-header-key" label="Header name">
              <input
                id="set-header-key"
                className="input"
                value={draft.auth_header_key ?? ''}
                onChange={(e) => set('auth_header_key', e.target.value || null)}
              />
            </Field>
            <Field id="set-header-value" label="Header value">
              <input
                id="set-header-value"
                className="input"
                type="password"
                value={draft.auth_header_value ?? ''}
                onChange={(e) => set('auth_header_value', e.target.value || null)}
              />
            </Field>
          </>
        )}
        <Field id="set-body-mode" label="Body mode">
          <select
            id="set-body-mode"
            className="input"
            value={draft.webhook_body_mode}
            onChange={(e) => set('webhook_body_mode', e.target.value as Draft['webhook_body_mode'])}
          >
            <option value="defined">Defined (input fields)</option>
            <option value="generic">Generic</option>
          </select>
        </Field>
        {NUMBER_SETTINGS.map(({ key, id, label, min }) => (
          <NumberField
            key={key}
            id={id}
            label={label}
            min={min}
            value={draft[key]}
            onChange={(value) => set(key, value)}
          />
        ))}
        <label className="col-span-2 flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            checked={draft.sse_enabled}
            onChange={(e) => set('sse_enabled', e.target.checked)}
          />
          Streaming (SSE) in the cURL dialog
        </label>
        {draft.sse_enabled && (
          <div className="col-span-2 space-y-1">
            <h3 className="label">Start messages per node (default "[START] label")</h3>
            {nodes.map((n) => {
              const setting = draft.sse_node_config[n.id] ?? { send_start: false, start_message: null };
              const update = (next: typeof setting) =>
                set('sse_node_config', { ...draft.sse_node_config, [n.id]: next });
              return (
                <div key={n.id} className="flex items-center gap-2 text-xs">
                  <label className="flex w-40 items-center gap-1">
                    <input
                      type="checkbox"
                      checked={setting.send_start}
                      onChange={(e) => update({ ...setting, send_start: e.target.checked })}
                    />
                    {n.data.label}
                  </label>
                  <label htmlFor={`sse-${n.id}`} className="sr-only">
                    Start message of {n.data.label}
                  </label>
                  <input
                    id={`sse-${n.id}`}
                    className="input"
                    placeholder={`[START] ${n.data.label}`}
                    value={setting.start_message ?? ''}
                    onChange={(e) => update({ ...setting, start_message: e.target.value || null })}
                  />
                </div>
              );
            })}
          </div>
        )}
      </fieldset>
      <div className="flex items-center gap-2">
        <button type="button" className="btn btn-primary" onClick={save} disabled={!owner}>
          Save settings
        </button>
        {status && (
          <span role="status" className="text-xs">
            {status}
          </span>
        )}
      </div>
      <section aria-labelledby="curl-title" className="space-y-2">
        <div className="flex items-center gap-2">
          <h3 id="curl-title" className="font-semibold">
            cURL
          </h3>
          <div role="tablist" aria-label="Endpoint" className="flex gap-1">
            <button
              type="button"
              role="tab"
              aria-selected={!stream}
              className={`btn text-xs ${!stream ? 'btn-primary' : ''}`}
              onClick={() => setStream(false)}
            >
              execute
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={stream}
              className={`btn text-xs ${stream ? 'btn-primary' : ''}`}
              onClick={() => setStream(true)}
            >
              execute/stream
            </button>
          </div>
          <button
            type="button"
            className="btn ml-auto text-xs"
            onClick={() => void navigator.clipboard?.writeText(command).catch(() => undefined)}
          >
            Copy
          </button>
        </div>
        <pre
          data-testid="curl-command"
          className="overflow-auto rounded bg-slate-900 p-3 font-mono text-xs text-slate-100"
        >
          {command}
        </pre>
      </section>
      <TokensSection workflowId={workflow.id} onToken={setToken} />
    </div>
  );
}
