/** A workflow node on the canvas: label, type, run status, retries, problems and its handles. */
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { sourceHandles, targetHandles } from '../graph/handles';
import type { FlowNode } from '../graph/mapping';
import { formatMs } from '../components/StatusBadge';
import { useNodeTypes, useProblems, useRunState } from './context';

const GROUP_COLORS: Record<string, string> = {
  trigger: 'border-l-emerald-500',
  logic: 'border-l-amber-500',
  data: 'border-l-sky-500',
  flow: 'border-l-violet-500',
  io: 'border-l-cyan-500',
  ai: 'border-l-fuchsia-500',
  misc: 'border-l-slate-400',
};

const STATUS_RING: Record<string, string> = {
  pending: 'ring-2 ring-slate-300 dark:ring-slate-600',
  running: 'ring-2 ring-sky-500 animate-pulse',
  success: 'ring-2 ring-emerald-500',
  error: 'ring-2 ring-rose-500',
  skipped: 'opacity-50',
  cancelled: 'ring-2 ring-amber-500',
};

function SkeinNodeView({ id, data, selected }: NodeProps<FlowNode>) {
  const types = useNodeTypes();
  const run = useRunState().nodes[id];
  const problems = useProblems()[id];
  const info = types.get(data.kind);
  const sources = sourceHandles(data.kind, data.params, info);
  const targets = targetHandles(data.kind, info);
  const disabled = data.params.active === false;
  const status = run?.status ?? 'idle';
  const rows = Math.max(sources.length, targets.length, 1);
  return (
    <div
      data-testid="canvas-node"
      data-label={data.params.label}
      data-kind={data.kind}
      data-status={status}
      data-invalid={problems ? 'true' : undefined}
      title={problems?.join('\n')}
      className={`relative min-w-[170px] rounded-md border border-l-4 bg-white px-3 py-2 text-xs dark:bg-slate-900 ${GROUP_COLORS[info?.group ?? 'misc'] ?? ''} ${selected ? 'border-indigo-500' : 'border-slate-300 dark:border-slate-600'} ${STATUS_RING[status] ?? ''} ${problems ? 'outline outline-2 outline-offset-2 outline-rose-600' : ''} ${disabled ? 'opacity-60' : ''}`}
      style={{ minHeight: 24 + rows * 18 }}
    >
      {targets.map((handle, index) => (
        <Handle
          key={handle.id ?? 'in'}
          type="target"
          position={Position.Left}
          id={handle.id ?? undefined}
          style={{ top: `${((index + 1) / (targets.length + 1)) * 100}%` }}
          aria-label={`${data.params.label} input ${handle.label || ''}`.trim()}
        />
      ))}
      <div className="flex items-center gap-2">
        <span className="font-semibold text-slate-900 dark:text-slate-100">{data.params.label}</span>
        {disabled && <span className="text-[10px] uppercase text-slate-500">off</span>}
      </div>
      <div className="text-[10px] text-slate-500 dark:text-slate-400">{data.kind}</div>
      {run && (
        <div className="mt-1 flex items-center gap-1 text-[10px]" data-testid="node-run">
          <span className={`rounded px-1 font-semibold node-status-${run.status}`}>{run.status}</span>
          {run.timeMs !== undefined && <span>{formatMs(run.timeMs)}</span>}
          {run.attempt !== undefined && run.attempt > 1 && (
            <span
              data-testid="node-retry"
              className="text-amber-700 dark:text-amber-300"
              title={`attempt ${run.attempt}${run.maxAttempts ? ` of ${run.maxAttempts}` : ''}`}
            >
              ↻ {run.attempt - 1} {run.attempt === 2 ? 'retry' : 'retries'}
            </span>
          )}
        </div>
      )}
      {problems && (
        <div className="mt-1 max-w-[220px] text-[10px] text-rose-600 dark:text-rose-400">{problems[0]}</div>
      )}
      {sources.map((handle, index) => (
        <div key={handle.id ?? 'out'}>
          <Handle
            type="source"
            position={Position.Right}
            id={handle.id ?? undefined}
            style={{ top: `${((index + 1) / (sources.length + 1)) * 100}%` }}
            className={handle.id === 'error' ? '!bg-rose-500' : ''}
            aria-label={`${data.params.label} output ${handle.label || ''}`.trim()}
            data-handle={handle.id ?? 'default'}
          />
          {handle.label && (
            <span
              className="pointer-events-none absolute right-2 -translate-y-1/2 text-[9px] text-slate-500"
              style={{ top: `${((index + 1) / (sources.length + 1)) * 100}%` }}
            >
              {handle.label}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

export const SkeinNode = memo(SkeinNodeView);
