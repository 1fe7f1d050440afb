/** Loads a workflow, the node types and the latest run, then opens the canvas editor. */
import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { errorMessage } from '../api/client';
import { executionApi, nodeTypeApi, workflowApi } from '../api/endpoints';
import type { User } from '../api/types';
import { Editor } from '../editor/Editor';
import { useLocation } from '../router';

export function EditorPage({ workflowId, user }: { workflowId: string; user: User }) {
  const { search } = useLocation();
  const replayId = search.get('execution');
  const workflow = useQuery({
    queryKey: ['workflow', workflowId],
    queryFn: () => workflowApi.get(workflowId),
    staleTime: 0,
    gcTime: 0,
  });
  const types = useQuery({
    queryKey: ['node-types'],
    queryFn: () => nodeTypeApi.list(),
    staleTime: Infinity,
  });
  const last = useQuery({
    queryKey: ['executions', workflowId, 'latest-full'],
    queryFn: async () => {
      const page = await executionApi.list(workflowId, { limit: 1 });
      return page.items[0] ?? null;
    },
    staleTime: 0,
    gcTime: 0,
  });
  const replay = useQuery({
    queryKey: ['execution', replayId],
    queryFn: () => executionApi.get(replayId!),
    enabled: replayId !== null,
  });

  const failed = workflow.error ?? types.error;
  if (failed)
    return (
      <p role="alert" className="p-6 text-rose-600">
        {errorMessage(failed)}
      </p>
    );
  if (!workflow.data || !types.data || last.isPending || (replayId !== null && replay.isPending))
    return <p className="p-6 text-sm">Loading editor…</p>;
  return (
    <ReactFlowProvider>
      <Editor
        workflow={workflow.data}
        types={types.data.items}
        user={user}
        lastExecution={last.data ?? null}
        replay={replay.data ?? null}
      />
    </ReactFlowProvider>
  );
}
