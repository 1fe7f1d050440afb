/**
 * Undo/redo over graph snapshots. Pure: `record` pushes the state before a change (changes with
 * the same key within `coalesceMs` count as one, e.g. typing in a field), `undo`/`redo` swap.
 */
export interface History<T> {
  past: T[];
  future: T[];
  lastKey: string | null;
  lastAt: number;
}

export const MAX_HISTORY = 100;

export const emptyHistory = <T>(): History<T> => ({ past: [], future: [], lastKey: null, lastAt: 0 });

export function record<T>(
  history: History<T>,
  before: T,
  key: string | null,
  now: number,
  coalesceMs = 1000,
): History<T> {
  if (key !== null && key === history.lastKey && now - history.lastAt < coalesceMs) {
    return { ...history, lastAt: now, future: [] };
  }
  return { past: [...history.past, before].slice(-MAX_HISTORY), future: [], lastKey: key, lastAt: now };
}

export function undo<T>(history: History<T>, current: T): { history: History<T>; state: T } | null {
  const previous = history.past.at(-1);
  if (previous === undefined) return null;
  return {
    history: {
      past: history.past.slice(0, -1),
      future: [current, ...history.future],
      lastKey: null,
      lastAt: 0,
    },
    state: previous,
  };
}

export function redo<T>(history: History<T>, current: T): { history: History<T>; state: T } | null {
  const next = history.future[0];
  if (next === undefined) return null;
  return {
    history: { past: [...history.past, current], future: history.future.slice(1), lastKey: null, lastAt: 0 },
    state: next,
  };
}
