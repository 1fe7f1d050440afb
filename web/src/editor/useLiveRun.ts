/**
 * Test runs from the canvas over the stream endpoint, Stop, and reconnection: the running
 * execution id is kept in sessionStorage, so a reload follows GET /api/executions/{id}/events.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { apiFetch, errorMessage } from '../api/client';
import { executionApi } from '../api/endpoints';
import type { Execution } from '../api/types';
import { idleRun, runReducer } from '../run/run-state';
import { readFrames } from '../stream/read-stream';
import type { RunFrame } from '../stream/sse-parser';

export const runKey = (workflowId: string) => `skein.run.${workflowId}`;

function remember(workflowId: string, executionId: string | null) {
  try {
    if (executionId) sessionStorage.setItem(runKey(workflowId), executionId);
    else sessionStorage.removeItem(runKey(workflowId));
  } catch {
    // storage unavailable: no reconnect after reload
  }
}

export function useLiveRun(workflowId: string, onComplete?: (frame: RunFrame) => void) {
  const [state, dispatch] = useReducer(runReducer, idleRun);
  const abort = useRef<AbortController | null>(null);
  const executionId = useRef<string | null>(null);
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;

  const follow = useCallback(
    async (response: Response, controller: AbortController) => {
      if (!response.body) throw new Error('The server sent no stream');
      await readFrames(response.body, (frame) => {
        if (controller.signal.aborted) return;
        if (frame.type === 'execution_started' && typeof frame.execution_id === 'string') {
          executionId.current = frame.execution_id;
          remember(workflowId, frame.execution_id);
        }
        dispatch({ type: 'frame', frame });
        if (frame.type === 'execution_complete') {
          remember(workflowId, null);
          completeRef.current?.(frame);
        }
      });
    },
    [workflowId],
  );

  const consume = useCallback(
    async (open: (signal: AbortSignal) => Promise<Response>) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      try {
        await follow(await open(controller.signal), controller);
      } catch (error) {
        if (!controller.signal.aborted) dispatch({ type: 'failed', error: errorMessage(error) });
      }
    },
    [follow],
  );

  const start = useCallback(
    (nodeIds: string[], body: unknown) => {
      executionId.current = null;
      dispatch({ type: 'start', nodeIds, source: 'live' });
      return consume((signal) =>
        apiFetch(`/api/workflows/${encodeURIComponent(workflowId)}/execute/stream?test_run=true`, {
          method: 'POST',
          body,
          signal,
          headers: { accept: 'text/event-stream', 'x-trigger-source': 'Canvas' },
        }),
      );
    },
    [consume, workflowId],
  );

  const reconnect = useCallback(
    (id: string, nodeIds: string[]) => {
      executionId.current = id;
      dispatch({ type: 'start', nodeIds, source: 'reconnect', executionId: id });
      return consume((signal) =>
        apiFetch(`/api/executions/${encodeURIComponent(id)}/events`, {
          signal,
          headers: { accept: 'text/event-stream' },
        }),
      ).then(() => remember(workflowId, null));
    },
    [consume, workflowId],
  );

  const stop = useCallback(async () => {
    const id = executionId.current ?? state.executionId;
    if (!id) return;
    try {
      await executionApi.cancel(workflowId, id);
    } catch (error) {
      dispatch({ type: 'failed', error: errorMessage(error) });
    }
  }, [state.executionId, workflowId]);

  const replay = useCallback((execution: Execution) => {
    abort.current?.abort();
    dispatch({ type: 'replay', execution });
  }, []);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  useEffect(() => () => abort.current?.abort(), []);

  return { state, start, stop, reconnect, replay, reset };
}

export function rememberedRun(workflowId: string): string | null {
  try {
    return sessionStorage.getItem(runKey(workflowId));
  } catch {
    return null;
  }
}
