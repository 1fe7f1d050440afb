import { useQuery } from '@tanstack/react-query';
import { executionApi } from '../api/endpoints';
import { formatTime, StatusBadge } from '../components/StatusBadge';

/** A workflow's latest run: status and trigger source. */
export function LastRun({ workflowId }: { workflowId: string }) {
  const query = useQuery({
    queryKey: ['executions', workflowId, 'last'],
    queryFn: () => executionApi.list(workflowId, { limit: 1 }),
  });
  const last = query.data?.items[0];
  if (!last) return <span className="text-xs text-slate-500">{query.isPending ? '…' : 'never run'}</span>;
  return (
    <span className="flex items-center gap-1 text-xs" title={formatTime(last.started_at)}>
      <StatusBadge status={last.status} />
      <span className="text-slate-600 dark:text-slate-300">{last.trigger_source ?? '–'}</span>
    </span>
  );
}
