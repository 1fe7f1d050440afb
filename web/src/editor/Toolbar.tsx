/** The editor's toolbar: name, unsaved marker, save, undo/redo, run/stop, import/export, dialogs. */
import { useRef } from 'react';
import { Link } from '../router';

export interface ToolbarProps {
  workflowId: string;
  name: string;
  dirty: boolean;
  saving: boolean;
  running: boolean;
  canUndo: boolean;
  canRedo: boolean;
  message: string | null;
  onRename(name: string): void;
  onSave(): void;
  onUndo(): void;
  onRedo(): void;
  onRun(): void;
  onStop(): void;
  onExport(): void;
  onImport(file: File): void;
  onSettings(): void;
  onShare(): void;
}

export function Toolbar(props: ToolbarProps) {
  const file = useRef<HTMLInputElement>(null);
  return (
    <div
      role="toolbar"
      aria-label="Editor"
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800"
    >
      <label htmlFor="workflow-name" className="sr-only">
        Workflow name
      </label>
      <input
        id="workflow-name"
        key={props.name}
        className="input w-56 font-semibold"
        defaultValue={props.name}
        onBlur={(e) =>
          e.target.value.trim() && e.target.value !== props.name && props.onRename(e.target.value.trim())
        }
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      />
      <span
        aria-live="polite"
        data-testid="dirty-marker"
        data-dirty={props.dirty}
        className={`mr-2 text-xs ${props.dirty ? 'text-amber-600' : 'text-slate-500'}`}
      >
        {props.saving ? 'Saving…' : props.dirty ? '● Unsaved changes' : 'Saved'}
      </span>
      <button
        type="button"
        className="btn"
        onClick={props.onSave}
        disabled={props.saving}
        aria-keyshortcuts="Control+S"
      >
        Save
      </button>
      <button
        type="button"
        className="btn"
        onClick={props.onUndo}
        disabled={!props.canUndo}
        aria-keyshortcuts="Control+Z"
      >
        Undo
      </button>
      <button
        type="button"
        className="btn"
        onClick={props.onRedo}
        disabled={!props.canRedo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        Redo
      </button>
      {props.running ? (
        <button type="button" className="btn btn-danger" onClick={props.onStop}>
          ■ Stop
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          onClick={props.onRun}
          aria-keyshortcuts="Control+Enter"
        >
          ▶ Run
        </button>
      )}
      <span className="mx-1 h-5 w-px bg-slate-300 dark:bg-slate-700" aria-hidden="true" />
      <button type="button" className="btn" onClick={props.onExport}>
        Export
      </button>
      <button type="button" className="btn" onClick={() => file.current?.click()}>
        Import
      </button>
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        className="hidden"
        aria-label="Import workflow JSON"
        onChange={(e) => e.target.files?.[0] && props.onImport(e.target.files[0])}
      />
      <button type="button" className="btn" onClick={props.onSettings}>
        Settings &amp; cURL
      </button>
      <button type="button" className="btn" onClick={props.onShare}>
        Share
      </button>
      <Link to={`/workflows/${props.workflowId}/history`} className="btn">
        History
      </Link>
      {props.message && (
        <span
          role="status"
          className="ml-2 truncate text-xs text-rose-600 dark:text-rose-400"
          data-testid="editor-message"
        >
          {props.message}
        </span>
      )}
    </div>
  );
}
