/** One workflow's executions, filterable and paged; each opens as a replay on the canvas. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { executionApi, workflowApi } from '../api/endpoints';
import { Link } from '../router';
import { ExecutionFilters, ExecutionTable, Pager } from './ExecutionTable';

const PAGE = 25;

export function HistoryPage({ workflowId }: { workflowId: string }) {
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const [offset, setOffset] = useState(0);
  const workflow = useQuery({
    queryKey: ['workflow', workflowId],
    queryFn: () => workflowApi.get(workflowId),
  });
  const page = useQuery({
    queryKey: ['executions', workflowId, { status, source, offset }],
    queryFn: () =>
      executionApi.list(workflowId, { limit: PAGE, offset, status, trigger_source: source.trim() }),
  });
  return (
    <section className="p-6" aria-labelledby="history-title">
      <div className="mb-4 flex items-center gap-3">
        <h1 id="history-title" className="text-xl font-bold">
          History · {workflow.data?.name ?? '…'}
        </h1>
        <Link to={`/workflows/${workflowId}`} className="btn ml-auto">
          Open editor
        </Link>
      </div>
      <ExecutionFilters
        status={status}
        source={source}
        onStatus={(v) => (setStatus(v), setOffset(0))}
        onSource={(v) => (setSource(v), setOffset(0))}
      />
      {page.isError && (
        <p role="alert" className="text-rose-600">
          {errorMessage(page.error)}
        </p>
      )}
      <ExecutionTable items={page.data?.items ?? []} />
      <Pager offset={offset} size={PAGE} total={page.data?.total} onOffset={setOffset} />
    </section>
  );
}
