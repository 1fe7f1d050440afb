/** Execution history across every workflow the user can see (GET /api/executions), with filters. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { executionApi, workflowApi } from '../api/endpoints';
import { ExecutionFilters, ExecutionTable, Pager } from './ExecutionTable';

const PAGE = 25;

export function ExecutionsPage() {
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const [workflowId, setWorkflowId] = useState('');
  const [offset, setOffset] = useState(0);
  const workflows = useQuery({ queryKey: ['workflows'], queryFn: () => workflowApi.list() });
  const page = useQuery({
    queryKey: ['executions', 'all', { status, source, workflowId, offset }],
    queryFn: () =>
      executionApi.listAll({
        limit: PAGE,
        offset,
        status,
        trigger_source: source.trim(),
        workflow_id: workflowId,
      }),
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOffset(0);
    };
  return (
    <section className="p-6" aria-labelledby="executions-title">
      <h1 id="executions-title" className="mb-4 text-xl font-bold">
        Executions
      </h1>
      <ExecutionFilters
        status={status}
        source={source}
        onStatus={filter(setStatus)}
        onSource={filter(setSource)}
      >
        <div>
          <label htmlFor="filter-workflow" className="label">
            Workflow
          </label>
          <select
            id="filter-workflow"
            className="input"
            value={workflowId}
            onChange={(e) => filter(setWorkflowId)(e.target.value)}
          >
            <option value="">All workflows</option>
            {(workflows.data?.items ?? []).map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
      </ExecutionFilters>
      {page.isError && (
        <p role="alert" className="text-rose-600">
          {errorMessage(page.error)}
        </p>
      )}
      <ExecutionTable items={page.data?.items ?? []} showWorkflow />
      {page.data?.total === 0 && <p className="mt-4 text-sm text-slate-500">No executions yet.</p>}
      <Pager offset={offset} size={PAGE} total={page.data?.total} onOffset={setOffset} />
    </section>
  );
}
