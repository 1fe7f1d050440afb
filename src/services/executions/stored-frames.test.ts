import { describe, expect, it } from 'vitest';
import type { FrameData } from './frames.js';
import { compactFrames, expandFrames } from './stored-frames.js';

const greeting = { greeting: 'Hello Ada' };
const outputs = { result: 'Hello Ada' };
const nodeResults = {
  shape: { label: 'shape', output: greeting },
  result: { label: 'result', output: 'Hello Ada' },
  body: { label: 'body', output: { n: 2 } },
};
const frames: FrameData[] = [
  { type: 'execution_started', execution_id: 'e', server_now_ms: 1 },
  { type: 'node_start', node_id: 'shape', node_label: 'shape', started_at_ms: 2 },
  {
    type: 'node_complete',
    node_id: 'shape',
    node_label: 'shape',
    status: 'success',
    output: greeting,
    execution_time_ms: 0,
  },
  // An earlier loop iteration: another value than the node's final result.
  {
    type: 'node_complete',
    node_id: 'body',
    node_label: 'body',
    status: 'success',
    output: { n: 1 },
    execution_time_ms: 0,
  },
  {
    type: 'node_complete',
    node_id: 'result',
    node_label: 'result',
    status: 'success',
    output: 'Hello Ada',
    execution_time_ms: 0,
  },
  { type: 'execution_complete', status: 'success', outputs, execution_time_ms: 3 },
];

describe('stored frames', () => {
  it('leaves out exactly the outputs the row holds, and puts them back as streamed', () => {
    const row = { outputs, nodeResults };
    const stored = compactFrames(frames, row);
    expect(stored[2]).toEqual({
      type: 'node_complete',
      node_id: 'shape',
      node_label: 'shape',
      status: 'success',
      execution_time_ms: 0,
    });
    expect(stored[3]).toBe(frames[3]);
    expect(stored[4]).not.toHaveProperty('output');
    expect(stored[5]).toEqual({ type: 'execution_complete', status: 'success', execution_time_ms: 3 });
    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(frames).length);
    // Through JSON, as the row is stored and read.
    const read = JSON.parse(JSON.stringify({ stored, row })) as { stored: FrameData[]; row: typeof row };
    expect(expandFrames(read.stored, read.row)).toEqual(frames);
  });

  it('keeps outputs that are equal but not the same value (masked runs, other objects)', () => {
    const row = { outputs: { ...outputs }, nodeResults: { shape: { output: { ...greeting } } } };
    expect(compactFrames(frames, row)).toEqual(frames);
  });

  it('replays a null output for a node the row has no result for', () => {
    const stored: FrameData[] = [
      { type: 'node_complete', node_id: 'gone', status: 'error', execution_time_ms: 0 },
    ];
    expect(expandFrames(stored, { outputs: null, nodeResults: {} })).toEqual([
      { type: 'node_complete', node_id: 'gone', status: 'error', execution_time_ms: 0, output: null },
    ]);
  });
});
