/** The dashboard's workflow list: name (renamable), last run, folder, history and delete/restore. */
import { useState } from 'react';
import type { Folder, User, WorkflowRecord } from '../api/types';
import { formatTime } from '../components/StatusBadge';
import { Link } from '../router';
import { DRAG_TYPE } from './FolderTree';
import { LastRun } from './LastRun';

interface Props {
  items: WorkflowRecord[];
  user: User;
  view: 'active' | 'deleted';
  /** The folders to move into, flattened; null when the server has no folders. */
  folders: { folder: Folder; depth: number }[] | null;
  /** The caller's folder of a workflow (their filing of a shared one too). */
  folderOf(workflow: WorkflowRecord): string | null;
  onMove(workflow: WorkflowRecord, folderId: string | null): void;
  onRename(workflow: WorkflowRecord, name: string): void;
  onDelete(workflow: WorkflowRecord): void;
  onRestore(workflow: WorkflowRecord): void;
}

interface NameProps {
  workflow: WorkflowRecord;
  props: Props;
  renaming: string | null;
  setRenaming(name: string | null): void;
}

function NameCell({ workflow: w, props, renaming, setRenaming }: NameProps) {
  return (
    <td className="py-2">
      {renaming !== null ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const next = renaming.trim();
            setRenaming(null);
            if (next && next !== w.name) props.onRename(w, next);
          }}
        >
          <label htmlFor={`rename-${w.id}`} className="sr-only">
            New name
          </label>
          <input
            id={`rename-${w.id}`}
            autoFocus
            className="input"
            value={renaming}
            onChange={(e) => setRenaming(e.target.value)}
            onBlur={() => setRenaming(null)}
            onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
          />
        </form>
      ) : (
        <Link
          to={`/workflows/${w.id}`}
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {w.name}
        </Link>
      )}
      {w.owner_id !== props.user.id && (
        <span className="ml-2 rounded bg-slate-100 px-1 text-[10px] dark:bg-slate-800">shared</span>
      )}
    </td>
  );
}

function FolderCell({ workflow: w, props }: { workflow: WorkflowRecord; props: Props }) {
  return (
    <td>
      <label htmlFor={`move-${w.id}`} className="sr-only">
        Folder of {w.name}
      </label>
      <select
        id={`move-${w.id}`}
        className="input py-0 text-xs"
        value={props.folderOf(w) ?? ''}
        onChange={(e) => props.onMove(w, e.target.value || null)}
      >
        <option value="">—</option>
        {props.folders!.map(({ folder: f, depth }) => (
          <option key={f.id} value={f.id}>
            {'  '.repeat(depth) + f.name}
          </option>
        ))}
      </select>
    </td>
  );
}

function Row({ workflow: w, props }: { workflow: WorkflowRecord; props: Props }) {
  const { view } = props;
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <tr
      className="border-b border-slate-100 dark:border-slate-800"
      data-workflow={w.name}
      draggable={view === 'active'}
      onDragStart={(event) =>
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind: 'workflow', id: w.id }))
      }
    >
      <NameCell workflow={w} props={props} renaming={renaming} setRenaming={setRenaming} />
      <td>
        <LastRun workflowId={w.id} />
      </td>
      <td className="text-xs text-slate-500">{formatTime(w.updated_at)}</td>
      {props.folders !== null && view === 'active' && <FolderCell workflow={w} props={props} />}
      <td className="space-x-1 text-right">
        {view === 'active' ? (
          <>
            <Link to={`/workflows/${w.id}/history`} className="btn">
              History
            </Link>
            <button type="button" className="btn" onClick={() => setRenaming(w.name)}>
              Rename
            </button>
            {w.owner_id === props.user.id && (
              <button type="button" className="btn btn-danger" onClick={() => props.onDelete(w)}>
                Delete
              </button>
            )}
          </>
        ) : (
          <>
            <span className="mr-2 text-xs text-slate-500">since {formatTime(w.scheduled_for_deletion)}</span>
            <button type="button" className="btn" onClick={() => props.onRestore(w)}>
              Restore
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

export function WorkflowTable(props: Props) {
  const { view } = props;
  const withFolders = props.folders !== null && view === 'active';
  return (
    <table className="w-full text-left text-sm" aria-label="Workflow list">
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
        <tr>
          <th className="py-2">Name</th>
          <th>Last run</th>
          <th>Updated</th>
          {withFolders && <th>Folder</th>}
          <th>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.items.map((w) => (
          <Row key={w.id} workflow={w} props={props} />
        ))}
      </tbody>
    </table>
  );
}
