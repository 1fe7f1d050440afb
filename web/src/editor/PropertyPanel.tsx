/**
 * The selected node's settings: label, enabled, the fields of its type's schema, retries, error
 * branch, pinned data, and a keyboard way to connect it to another node.
 */
import { useState } from 'react';
import type { NodeTypeInfo } from '../api/types';
import type { PreviewResult } from '../expressions/ExpressionInput';
import type { CompletionContext } from '../expressions/autocomplete';
import { sourceHandles } from '../graph/handles';
import type { FlowNode } from '../graph/mapping';
import { SchemaForm } from './SchemaForm';

const LABEL = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface PropertyPanelProps {
  node: FlowNode;
  info: NodeTypeInfo | undefined;
  nodes: FlowNode[];
  problems: string[] | undefined;
  lastOutput: unknown;
  context: CompletionContext;
  preview(expression: string): Promise<PreviewResult>;
  onParam(key: string, value: unknown): void;
  onConnect(sourceHandle: string | null, target: string): void;
  onDelete(): void;
  onDuplicate(): void;
}

function PinnedData({
  value,
  lastOutput,
  onChange,
}: {
  value: unknown;
  lastOutput: unknown;
  onChange(v: unknown): void;
}) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor="pinned-data" className="label">
        Pinned output (JSON, test runs only)
      </label>
      <textarea
        id="pinned-data"
        rows={3}
        className="input font-mono text-xs"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-[11px] text-rose-600">
          {error}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-1">
        <button
          type="button"
          className="btn text-xs"
          onClick={() => {
            if (text.trim() === '') return onChange(undefined);
            try {
              onChange(JSON.parse(text));
              setError(null);
            } catch {
              setError('Not valid JSON');
            }
          }}
        >
          {value === undefined ? 'Pin' : 'Update pin'}
        </button>
        {lastOutput !== undefined && (
          <button
            type="button"
            className="btn text-xs"
            onClick={() => {
              setText(JSON.stringify(lastOutput, null, 2));
              onChange(lastOutput);
            }}
          >
            Pin last output
          </button>
        )}
        {value !== undefined && (
          <button
            type="button"
            className="btn text-xs"
            onClick={() => {
              setText('');
              onChange(undefined);
            }}
          >
            Unpin
          </button>
        )}
      </div>
    </div>
  );
}

function ConnectForm({
  node,
  info,
  nodes,
  onConnect,
}: Pick<PropertyPanelProps, 'node' | 'info' | 'nodes' | 'onConnect'>) {
  const handles = sourceHandles(node.data.kind, node.data.params, info);
  const targets = nodes.filter((n) => n.id !== node.id && n.data.kind !== 'sticky');
  const [handle, setHandle] = useState(handles[0]?.id ?? '');
  const [target, setTarget] = useState('');
  if (handles.length === 0 || targets.length === 0) return null;
  return (
    <form
      className="space-y-1"
      aria-label="Connect"
      onSubmit={(event) => {
        event.preventDefault();
        if (target) onConnect(handle || null, target);
      }}
    >
      <h3 className="label">Connect</h3>
      <div className="flex gap-1">
        <label htmlFor="connect-handle" className="sr-only">
          Output handle
        </label>
        <select
          id="connect-handle"
          className="input text-xs"
          value={handle ?? ''}
          onChange={(e) => setHandle(e.target.value)}
        >
          {handles.map((h) => (
            <option key={h.id ?? ''} value={h.id ?? ''}>
              {h.label || 'output'}
            </option>
          ))}
        </select>
        <label htmlFor="connect-target" className="sr-only">
          Target node
        </label>
        <select
          id="connect-target"
          className="input text-xs"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="">to node…</option>
          {targets.map((n) => (
            <option key={n.id} value={n.id}>
              {n.data.params.label}
            </option>
          ))}
        </select>
        <button type="submit" className="btn text-xs" disabled={!target}>
          Link
        </button>
      </div>
    </form>
  );
}

export function PropertyPanel(props: PropertyPanelProps) {
  const { node, info, onParam } = props;
  const params = node.data.params;
  const [label, setLabel] = useState(params.label);
  const labelOk =
    LABEL.test(label) && !props.nodes.some((n) => n.id !== node.id && n.data.params.label === label);
  const sticky = node.data.kind === 'sticky';
  return (
    <div className="space-y-4 text-sm" aria-label={`Properties of ${params.label}`}>
      <div>
        <h2 className="text-base font-semibold">{params.label}</h2>
        <p className="text-xs text-slate-500">
          {node.data.kind} · {info?.description ?? 'unknown node type'}
        </p>
        {info?.handles.note && <p className="mt-1 text-[11px] text-slate-500">{info.handles.note}</p>}
      </div>
      {props.problems && (
        <ul
          role="alert"
          className="rounded bg-rose-50 p-2 text-xs text-rose-700 dark:bg-rose-950 dark:text-rose-200"
        >
          {props.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor="node-label" className="label">
          Label (name in expressions)
        </label>
        <input
          id="node-label"
          className="input font-mono"
          value={label}
          aria-invalid={!labelOk}
          aria-describedby="node-label-help"
          onChange={(e) => {
            setLabel(e.target.value);
            if (
              LABEL.test(e.target.value) &&
              !props.nodes.some((n) => n.id !== node.id && n.data.params.label === e.target.value)
            )
              onParam('label', e.target.value);
          }}
        />
        <p
          id="node-label-help"
          className={`mt-0.5 text-[10px] ${labelOk ? 'text-slate-500' : 'text-rose-600'}`}
        >
          {labelOk
            ? `Referenced as $${label}`
            : 'Letters, digits and _, not starting with a digit; unique in the workflow'}
        </p>
      </div>
      {!sticky && (
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            checked={params.active !== false}
            onChange={(e) => onParam('active', e.target.checked ? undefined : false)}
          />
          Enabled
        </label>
      )}
      {info && (
        <SchemaForm
          nodeId={node.id}
          schema={info.schema}
          values={params}
          onChange={onParam}
          context={props.context}
          preview={props.preview}
        />
      )}
      {!sticky && (
        <details className="rounded border border-slate-200 p-2 dark:border-slate-700">
          <summary className="cursor-pointer text-xs font-semibold">Retries, errors and pinned data</summary>
          <div className="mt-2 space-y-2">
            <label className="flex items-center gap-2 text-xs">
              <input
                type="checkbox"
                checked={params.retryEnabled === true}
                onChange={(e) => onParam('retryEnabled', e.target.checked || undefined)}
              />
              Retry on failure
            </label>
            {params.retryEnabled === true && (
              <div className="flex gap-2">
                <div>
                  <label htmlFor="retry-max" className="label">
                    Max attempts
                  </label>
                  <input
                    id="retry-max"
                    type="number"
                    min={1}
                    max={100}
                    className="input"
                    value={Number(params.retryMaxAttempts ?? 3)}
                    onChange={(e) => onParam('retryMaxAttempts', Number(e.target.value) || undefined)}
                  />
                </div>
                <div>
                  <label htmlFor="retry-wait" className="label">
                    Wait (s)
                  </label>
                  <input
                    id="retry-wait"
                    type="number"
                    min={0}
                    max={3600}
                    className="input"
                    value={Number(params.retryWaitSeconds ?? 1)}
                    onChange={(e) =>
                      onParam('retryWaitSeconds', e.target.value === '' ? undefined : Number(e.target.value))
                    }
                  />
                </div>
              </div>
            )}
            <label className="flex items-center gap-2 text-xs">
              <input
                type="checkbox"
                checked={params.onErrorEnabled === true}
                onChange={(e) => onParam('onErrorEnabled', e.target.checked || undefined)}
              />
              Route errors to an "error" handle
            </label>
            <PinnedData
              key={node.id}
              value={params.pinnedData}
              lastOutput={props.lastOutput}
              onChange={(v) => onParam('pinnedData', v)}
            />
          </div>
        </details>
      )}
      {!sticky && <ConnectForm node={node} info={info} nodes={props.nodes} onConnect={props.onConnect} />}
      <div className="flex gap-2">
        <button type="button" className="btn" onClick={props.onDuplicate} aria-keyshortcuts="Control+D">
          Duplicate
        </button>
        <button type="button" className="btn btn-danger" onClick={props.onDelete} aria-keyshortcuts="Delete">
          Delete node
        </button>
      </div>
    </div>
  );
}
