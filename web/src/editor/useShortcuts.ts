/** The editor's keyboard shortcuts, and the warning before leaving with unsaved changes. */
import { useEffect } from 'react';

export interface ShortcutActions {
  save(): void;
  run(): void;
  undo(): void;
  redo(): void;
  duplicate(): void;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Ctrl+S and Ctrl+Enter work anywhere; undo, redo and duplicate only outside text fields. */
export function useShortcuts(actions: ShortcutActions, dirty: boolean): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod) return;
      const key = event.key.toLowerCase();
      const act = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (key === 's') act(actions.save);
      else if (key === 'enter') act(actions.run);
      else if (typing(event.target)) return;
      else if (key === 'z') act(event.shiftKey ? actions.redo : actions.undo);
      else if (key === 'y') act(actions.redo);
      else if (key === 'd') act(actions.duplicate);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
