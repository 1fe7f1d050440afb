/**
 * A run's frames as its history row keeps them. A `node_complete` output that is the very value the
 * row's node results hold for that node, and an `execution_complete` outputs that are the row's
 * outputs, are left out and put back on replay: the row would otherwise carry every output twice or
 * three times. Identity, not equality, decides, so what is put back is always what was streamed.
 */
import type { FrameData } from './frames.js';

interface RowDocuments {
  outputs: unknown;
  nodeResults: Record<string, { output?: unknown } | undefined>;
}

export function compactFrames(frames: readonly FrameData[], row: RowDocuments): FrameData[] {
  return frames.map((data) => {
    if (data.type === 'node_complete' && 'output' in data) {
      const result = row.nodeResults[String(data.node_id)];
      if (result && result.output === data.output) {
        const { output: _output, ...rest } = data;
        return rest as FrameData;
      }
    }
    if (data.type === 'execution_complete' && 'outputs' in data && data.outputs === row.outputs) {
      const { outputs: _outputs, ...rest } = data;
      return rest as FrameData;
    }
    return data;
  });
}

/** The frames as they were streamed (node_complete always carries `output`, spec 6.1). */
export function expandFrames(stored: readonly FrameData[], row: RowDocuments): FrameData[] {
  return stored.map((data) => {
    if (data.type === 'node_complete' && !('output' in data)) {
      return { ...data, output: row.nodeResults[String(data.node_id)]?.output ?? null };
    }
    if (data.type === 'execution_complete' && !('outputs' in data)) {
      return { ...data, outputs: row.outputs ?? {} };
    }
    return data;
  });
}
