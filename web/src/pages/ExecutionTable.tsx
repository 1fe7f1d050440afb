/** A table of executions: status, trigger source, duration, time; rows open the canvas replay. */
import type { ReactNode } from 'react';
import type { Execution, NamedExecution } from '../api/types';
import { formatMs, formatTime, StatusBadge } from '../components/StatusBadge';
import { Link } from '../router';

/** With `showWorkflow`, a first column names each run's workflow (the items carry workflow_name). */
export function ExecutionTable({
  items,
  showWorkflow = false,
}: {
  items: (Execution | NamedExecution)[];
  showWorkflow?: boolean;
}) {
  return (
    <table className="w-full text-left text-sm" aria-label="Executions">
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
        <tr>
          {showWorkflow && <th className="py-2">Workflow</th>}
          <th className="py-2">Status</th>
          <th>Trigger</th>
          <th>Duration</th>
          <th>Started</th>
          <th>
            <span className="sr-only">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((e) => (
          <tr
            key={e.id}
            className="border-b border-slate-100 dark:border-slate-800"
            data-testid="execution-row"
          >
            {showWorkflow && (
              <td className="py-1.5">{'workflow_name' in e ? e.workflow_name : e.workflow_id}</td>
            )}
            <td className="py-1.5">
              <StatusBadge status={e.status} />{' '}
              {e.test_run && <span className="text-[10px] text-slate-500">test</span>}
            </td>
            <td>{e.trigger_source ?? '–'}</td>
            <td>{formatMs(e.execution_time_ms)}</td>
            <td className="text-xs">{formatTime(e.started_at)}</td>
            <td className="text-right">
              <Link className="btn text-xs" to={`/workflows/${e.workflow_id}?execution=${e.id}`}>
                Open on canvas
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ExecutionFilters(props: {
  status: string;
  source: string;
  onStatus(v: string): void;
  onSource(v: string): void;
  children?: ReactNode;
}) {
  return (
    <div className="mb-3 flex gap-2">
      {props.children}
      <div>
        <label htmlFor="filter-status" className="label">
          Status
        </label>
        <select
          id="filter-status"
          className="input"
          value={props.status}
          onChange={(e) => props.onStatus(e.target.value)}
        >
          <option value="">Any</option>
          {['success', 'error', 'running', 'cancelled', 'cached', 'rate_limited'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-source" className="label">
          Trigger source
        </label>
        <input
          id="filter-source"
          className="input"
          placeholder="Canvas, API, cron…"
          value={props.source}
          onChange={(e) => props.onSource(e.target.value)}
        />
      </div>
    </div>
  );
}

/** Previous / "1–25 of 40" / Next under a paged list. */
export function Pager(props: {
  offset: number;
  size: number;
  total?: number;
  onOffset(offset: number): void;
}) {
  const { offset, size, total } = props;
  return (
    <div className="mt-3 flex items-center gap-2 text-sm">
      <button
        type="button"
        className="btn"
        disabled={offset === 0}
        onClick={() => props.onOffset(Math.max(0, offset - size))}
      >
        Previous
      </button>
      <span data-testid="pager">
        {total !== undefined
          ? `${Math.min(offset + 1, total)}–${Math.min(offset + size, total)} of ${total}`
          : ''}
      </span>
      <button
        type="button"
        className="btn"
        disabled={total === undefined || offset + size >= total}
        onClick={() => props.onOffset(offset + size)}
      >
        Next
      </button>
    </div>
  );
}
