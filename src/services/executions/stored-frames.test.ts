import { describe, expect, it } from 'vitest';
import type { FrameData } from './frames.js';
import { compactFrames, expandFrames, type FrameSource } from './stored-frames.js';

const greeting = { greeting: 'Hello Ada' };
const outputs = { result: 'Hello Ada' };
const startedAt = new Date('2026-11-21T05:00:00.100Z');
const row: FrameSource = {
  id: 'e1',
  startedAt,
  status: 'success',
  outputs,
  executionTimeMs: 3,
  nodeResults: {
    shape: {
      label: 'shape',
      status: 'success',
      output: greeting,
      startedAt: '2026-11-21T05:00:00.101Z',
      executionTimeMs: 1,
    },
    body: { label: 'body', status: 'success', output: { n: 2 }, startedAt: '2026-11-21T05:00:00.102Z' },
  },
};
const frames: FrameData[] = [
  { type: 'execution_started', execution_id: 'e1', server_now_ms: startedAt.getTime() },
  {
    type: 'node_start',
    node_id: 'shape',
    node_label: 'shape',
    started_at_ms: Date.parse('2026-11-21T05:00:00.101Z'),
  },
  {
    type: 'node_complete',
    node_id: 'shape',
    node_label: 'shape',
    status: 'success',
    output: greeting,
    execution_time_ms: 1,
  },
  // An earlier loop iteration: its own start time and output, unlike the node's final result.
  { type: 'node_start', node_id: 'body', node_label: 'body', started_at_ms: 99, message: '[START] body' },
  {
    type: 'node_complete',
    node_id: 'body',
    node_label: 'body',
    status: 'success',
    output: { n: 1 },
    execution_time_ms: 0,
  },
  { type: 'node_retry', node_id: 'body', attempt: 2, max_attempts: 3 },
  { type: 'execution_complete', status: 'success', outputs, execution_time_ms: 3 },
];

/** Through JSON, as the row is stored and read back. */
const stored = (value: unknown) => JSON.parse(JSON.stringify(value)) as FrameData[];

describe('stored frames', () => {
  it('keeps only what the row does not hold', () => {
    expect(compactFrames(frames, row)).toEqual([
      'execution_started',
      'node_start:shape',
      'node_complete:shape',
      { type: 'node_start', node_id: 'body', started_at_ms: 99, message: '[START] body' },
      { type: 'node_complete', node_id: 'body', output: { n: 1 }, execution_time_ms: 0 },
      { type: 'node_retry', node_id: 'body', attempt: 2, max_attempts: 3 },
      'execution_complete',
    ]);
  });

  it('replays rows written before frames were stored as text', () => {
    const objectsOnly = [
      { type: 'execution_started' },
      { type: 'node_start', node_id: 'shape' },
      { type: 'node_complete', node_id: 'shape' },
      { type: 'execution_complete' },
    ];
    expect(expandFrames(objectsOnly, row)).toEqual([frames[0], frames[1], frames[2], frames[6]]);
  });

  it('keeps a node id holding a colon whole', () => {
    const odd: FrameSource = {
      ...row,
      nodeResults: { 'a:b': (row.nodeResults as Record<string, unknown>).shape },
    };
    const streamed = [{ ...frames[2]!, node_id: 'a:b' }];
    const compacted = compactFrames(streamed, odd);
    expect(compacted).toEqual(['node_complete:a:b']);
    expect(expandFrames(stored(compacted), odd)).toEqual(streamed);
  });

  it('keeps a frame object when its node id is not text', () => {
    const streamed = [{ type: 'node_complete', node_id: 7 }];
    expect(compactFrames(streamed, row)).toEqual([{ type: 'node_complete', node_id: 7 }]);
  });

  it('reads node times in any form Date.parse reads, the same way both ways', () => {
    for (const startedAt of ['2026-11-21T05:00:00.101Z', '2026-11-21T05:00:00Z', 'not a date']) {
      const timed: FrameSource = { ...row, nodeResults: { shape: { label: 'shape', startedAt } } };
      const streamed = [
        { type: 'node_start', node_id: 'shape', node_label: 'shape', started_at_ms: Date.parse(startedAt) },
      ];
      const compacted = compactFrames(streamed, timed);
      expect(expandFrames(stored(compacted), timed)).toEqual(
        Number.isNaN(Date.parse(startedAt)) ? [{ ...streamed[0], started_at_ms: null }] : streamed,
      );
    }
    expect(compactFrames(frames.slice(1, 2), row)).toEqual(['node_start:shape']);
  });

  it('replays exactly what was streamed, fields in the streamed order', () => {
    const replayed = expandFrames(stored(compactFrames(frames, row)), {
      ...row,
      nodeResults: stored(row.nodeResults) as never,
    });
    expect(replayed).toEqual(frames);
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(frames));
  });

  it('keeps outputs that are equal but not the same value (a masked run)', () => {
    const masked = { ...row, outputs: { ...outputs } };
    expect(compactFrames(frames, masked).at(-1)).toEqual({ type: 'execution_complete', outputs });
  });
});
