/** Execution history across the workflows the user can see, newest first, with filters. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { executionApi, workflowApi } from '../api/endpoints';
import { ExecutionFilters, ExecutionTable } from './ExecutionTable';

export function ExecutionsPage() {
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const workflows = useQuery({ queryKey: ['workflows'], queryFn: () => workflowApi.list() });
  const list = workflows.data?.items ?? [];
  const runs = useQuery({
    queryKey: ['executions', 'all', list.map((w) => w.id), status, source],
    enabled: workflows.isSuccess,
    queryFn: async () => {
      const pages = await Promise.all(
        list.map((w) => executionApi.list(w.id, { limit: 20, status, trigger_source: source.trim() })),
      );
      return pages
        .flatMap((p) => p.items)
        .sort((a, b) => b.started_at.localeCompare(a.started_at))
        .slice(0, 200);
    },
  });
  return (
    <section className="p-6" aria-labelledby="executions-title">
      <h1 id="executions-title" className="mb-4 text-xl font-bold">
        Executions
      </h1>
      <ExecutionFilters status={status} source={source} onStatus={setStatus} onSource={setSource} />
      <ExecutionTable items={runs.data ?? []} names={new Map(list.map((w) => [w.id, w.name]))} />
    </section>
  );
}
