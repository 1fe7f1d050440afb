/** Folders as a tree: select to filter, drop a workflow or folder on a folder to move it there. */
import { useState } from 'react';
import type { Folder } from '../api/types';

export type DragItem = { kind: 'workflow' | 'folder'; id: string };
export const DRAG_TYPE = 'application/x-skein-item';

export function readDrag(event: React.DragEvent): DragItem | null {
  try {
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    return raw ? (JSON.parse(raw) as DragItem) : null;
  } catch {
    return null;
  }
}

interface Props {
  folders: Folder[];
  selected: string | null;
  onSelect(id: string | null): void;
  onDrop(item: DragItem, folderId: string | null): void;
  onDelete(folder: Folder): void;
}

function FolderRow({ folder, depth, props }: { folder: Folder; depth: number; props: Props }) {
  const [over, setOver] = useState(false);
  return (
    <li
      role="treeitem"
      aria-selected={props.selected === folder.id}
      aria-expanded={(folder.children?.length ?? 0) > 0 ? true : undefined}
    >
      <div
        className={`group flex items-center rounded ${over ? 'bg-indigo-100 dark:bg-indigo-900' : ''}`}
        style={{ paddingLeft: depth * 12 }}
        draggable
        onDragStart={(event) =>
          event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind: 'folder', id: folder.id }))
        }
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const item = readDrag(event);
          if (item && item.id !== folder.id) props.onDrop(item, folder.id);
        }}
        data-folder={folder.name}
      >
        <button
          type="button"
          className={`flex-1 truncate rounded px-2 py-1 text-left text-sm ${props.selected === folder.id ? 'bg-slate-200 font-semibold dark:bg-slate-800' : ''}`}
          onClick={() => props.onSelect(folder.id)}
        >
          📁 {folder.name}
        </button>
        <button
          type="button"
          className="px-1 text-xs opacity-60 hover:opacity-100"
          aria-label={`Delete folder ${folder.name}`}
          onClick={() => props.onDelete(folder)}
        >
          ✕
        </button>
      </div>
      {(folder.children?.length ?? 0) > 0 && (
        <ul role="group">
          {folder.children!.map((child) => (
            <FolderRow key={child.id} folder={child} depth={depth + 1} props={props} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function FolderTree(props: Props) {
  const [over, setOver] = useState(false);
  return (
    <ul role="tree" aria-label="Folders" className="space-y-0.5">
      <li role="treeitem" aria-selected={props.selected === null}>
        <button
          type="button"
          className={`w-full rounded px-2 py-1 text-left text-sm ${props.selected === null ? 'bg-slate-200 font-semibold dark:bg-slate-800' : ''} ${over ? 'bg-indigo-100 dark:bg-indigo-900' : ''}`}
          onClick={() => props.onSelect(null)}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(event) => {
            event.preventDefault();
            setOver(false);
            const item = readDrag(event);
            if (item) props.onDrop(item, null);
          }}
        >
          All workflows
        </button>
      </li>
      {props.folders.map((folder) => (
        <FolderRow key={folder.id} folder={folder} depth={0} props={props} />
      ))}
    </ul>
  );
}
