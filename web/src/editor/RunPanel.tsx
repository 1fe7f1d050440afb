/** The bottom panel: test input, run status, and each node's status, retries, timing and output. */
import type { FlowNode } from '../graph/mapping';
import type { RunState } from '../run/run-state';
import { formatMs, StatusBadge } from '../components/StatusBadge';

function json(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    return String(value);
  }
}

export interface RunPanelProps {
  run: RunState;
  nodes: FlowNode[];
  input: string;
  onInput(text: string): void;
  inputError: string | null;
  onSelect(nodeId: string): void;
}

export function RunPanel({ run, nodes, input, onInput, inputError, onSelect }: RunPanelProps) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // In the canvas's node order: a stored run's node_results come back in the database's key order.
  const order = new Map(nodes.map((n, index) => [n.id, index]));
  const entries = Object.entries(run.nodes)
    .filter(([id]) => byId.get(id)?.data.kind !== 'sticky')
    .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
  return (
    <section aria-label="Run panel" className="flex h-full min-h-0 gap-3 p-2 text-xs">
      <div className="flex w-64 shrink-0 flex-col">
        <label htmlFor="test-input" className="label">
          Test input (JSON body)
        </label>
        <textarea
          id="test-input"
          className="input flex-1 font-mono text-xs"
          value={input}
          onChange={(e) => onInput(e.target.value)}
          aria-invalid={inputError !== null}
        />
        {inputError && (
          <p role="alert" className="text-rose-600">
            {inputError}
          </p>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="mb-1 flex items-center gap-2" data-testid="run-summary">
          <span className="font-semibold">Run</span>
          <StatusBadge status={run.status} />
          {run.source === 'reconnect' && <span className="text-slate-500">(reconnected)</span>}
          {run.source === 'history' && <span className="text-slate-500">(from history)</span>}
          {run.executionTimeMs !== null && <span>{formatMs(run.executionTimeMs)}</span>}
          {run.executionId && <code className="truncate text-[10px] text-slate-500">{run.executionId}</code>}
          {run.error && (
            <span role="alert" className="text-rose-600">
              {run.error}
            </span>
          )}
        </div>
        <ol className="min-h-0 flex-1 space-y-1 overflow-auto" aria-label="Node results">
          {entries.length === 0 && (
            <li className="text-slate-500">Press Run (Ctrl+Enter) to test the workflow.</li>
          )}
          {entries.map(([id, result]) => {
            const label = byId.get(id)?.data.params.label ?? result.label ?? id;
            return (
              <li
                key={id}
                data-testid="node-result"
                data-label={label}
                data-status={result.status}
                className="rounded border border-slate-200 dark:border-slate-700"
              >
                <details open={result.status === 'error'}>
                  <summary className="flex cursor-pointer items-center gap-2 px-2 py-1">
                    <button
                      type="button"
                      className="font-mono font-semibold hover:underline"
                      onClick={() => onSelect(id)}
                    >
                      {label}
                    </button>
                    <StatusBadge status={result.status} />
                    {result.timeMs !== undefined && <span>{formatMs(result.timeMs)}</span>}
                    {result.attempt !== undefined && result.attempt > 1 && (
                      <span className="text-amber-600">
                        attempt {result.attempt}
                        {result.maxAttempts ? ` of ${result.maxAttempts}` : ''}
                      </span>
                    )}
                    {result.message && <span className="text-slate-500">{result.message}</span>}
                    {result.error && <span className="truncate text-rose-600">{result.error}</span>}
                  </summary>
                  {result.output !== undefined && (
                    <pre
                      data-testid="node-output"
                      className="max-h-48 overflow-auto border-t border-slate-200 bg-slate-50 p-2 font-mono text-[11px] dark:border-slate-700 dark:bg-slate-950"
                    >
                      {json(result.output)}
                    </pre>
                  )}
                </details>
              </li>
            );
          })}
        </ol>
        {run.outputs !== null && run.status !== 'running' && (
          <details className="mt-1">
            <summary className="cursor-pointer font-semibold">Workflow outputs</summary>
            <pre
              data-testid="run-outputs"
              className="max-h-32 overflow-auto bg-slate-50 p-2 font-mono text-[11px] dark:bg-slate-950"
            >
              {json(run.outputs)}
            </pre>
          </details>
        )}
      </div>
    </section>
  );
}
