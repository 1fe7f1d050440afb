/**
 * The dashboard: folder tree, workflow list (create, import, rename, delete, move, search), the
 * "Scheduled for deletion" view with restore, and each workflow's last run.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../api/client';
import { folderApi, workflowApi } from '../api/endpoints';
import type { Folder, User, WorkflowRecord } from '../api/types';
import { Dialog } from '../components/Dialog';
import { parseImport } from '../graph/import';
import { navigate } from '../router';
import { FolderTree, type DragItem } from './FolderTree';
import { flattenFolders, folderOfWorkflow, subtreeIds, useFolderTree } from './useFolders';
import { WorkflowTable } from './WorkflowTable';

export function DashboardPage({ user }: { user: User }) {
  const client = useQueryClient();
  const workflows = useQuery({ queryKey: ['workflows'], queryFn: () => workflowApi.list() });
  const folders = useFolderTree();
  const [view, setView] = useState<'active' | 'deleted'>('active');
  const [folder, setFolder] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WorkflowRecord | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['workflows'] }),
      client.invalidateQueries({ queryKey: ['folders'] }),
    ]);
  const run = (action: () => Promise<unknown>) =>
    action().then(refresh, (e: unknown) => setError(errorMessage(e)));

  const create = useMutation({
    mutationFn: (body: Partial<WorkflowRecord> & { name: string }) =>
      workflowApi.create({ ...body, folder_id: folder }),
    onSuccess: (record) => navigate(`/workflows/${record.id}`),
    onError: (e) => setError(errorMessage(e)),
  });

  const folderList = useMemo(() => flattenFolders(folders.data ?? []), [folders.data]);
  const filings = useMemo(() => folderOfWorkflow(folders.data ?? []), [folders.data]);
  // The caller's own folder: a collaborator's filing of a shared workflow is not its folder_id.
  const folderOf = (w: WorkflowRecord) => (folders.data ? (filings.get(w.id) ?? null) : w.folder_id);
  const items = (workflows.data?.items ?? []).filter((w) => {
    if (view === 'deleted' ? !w.scheduled_for_deletion : w.scheduled_for_deletion) return false;
    if (view === 'active' && folder !== null && folderOf(w) !== folder) return false;
    return w.name.toLowerCase().includes(search.trim().toLowerCase());
  });

  const move = (item: DragItem, target: string | null) =>
    run(async () => {
      if (item.kind === 'workflow') {
        if (target) await folderApi.moveWorkflow(target, item.id);
        else await folderApi.removeWorkflow(item.id);
      } else {
        const moving = folderList.find((f) => f.folder.id === item.id)?.folder;
        if (moving && target && subtreeIds(moving).has(target))
          throw new Error('A folder cannot move into itself');
        await folderApi.update(item.id, { parent_id: target });
      }
    });

  const remove = (workflow: WorkflowRecord, permanently: boolean) =>
    run(async () => {
      setDeleting(null);
      if (!permanently) {
        try {
          await workflowApi.scheduleDeletion(workflow.id);
          return;
        } catch (e) {
          if (!(e instanceof ApiError && e.code === 'route_not_found')) throw e;
        }
      }
      await workflowApi.remove(workflow.id);
    });

  const importFile = async (file: File) => {
    try {
      create.mutate(parseImport(await file.text()));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="flex h-full">
      {folders.data && (
        <aside
          className="w-56 shrink-0 overflow-auto border-r border-slate-200 p-3 dark:border-slate-800"
          aria-label="Folders"
        >
          <FolderTree
            folders={folders.data}
            selected={folder}
            onSelect={(id) => {
              setFolder(id);
              setView('active');
            }}
            onDrop={move}
            onDelete={(f: Folder) => run(() => folderApi.remove(f.id))}
          />
          <form
            className="mt-3 flex gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              const input = event.currentTarget.elements.namedItem('folder-name') as HTMLInputElement;
              if (input.value.trim())
                run(() => folderApi.create(input.value.trim(), folder)).then(() => (input.value = ''));
            }}
          >
            <label htmlFor="folder-name" className="sr-only">
              New folder name
            </label>
            <input id="folder-name" name="folder-name" className="input" placeholder="New folder" />
            <button type="submit" className="btn">
              Add
            </button>
          </form>
        </aside>
      )}
      <section className="flex-1 overflow-auto p-6" aria-labelledby="dash-title">
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <h1 id="dash-title" className="mr-4 text-xl font-bold">
            Workflows
          </h1>
          <div role="tablist" aria-label="Workflow views" className="flex gap-1">
            <button
              type="button"
              role="tab"
              aria-selected={view === 'active'}
              className={`btn ${view === 'active' ? 'btn-primary' : ''}`}
              onClick={() => setView('active')}
            >
              Active
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={view === 'deleted'}
              className={`btn ${view === 'deleted' ? 'btn-primary' : ''}`}
              onClick={() => setView('deleted')}
            >
              Scheduled for deletion
            </button>
          </div>
          <label htmlFor="workflow-search" className="sr-only">
            Search workflows
          </label>
          <input
            id="workflow-search"
            type="search"
            className="input ml-auto max-w-xs"
            placeholder="Search…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <form
          className="mb-4 flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate({ name: name.trim() });
          }}
        >
          <label htmlFor="new-workflow-name" className="sr-only">
            New workflow name
          </label>
          <input
            id="new-workflow-name"
            className="input max-w-xs"
            placeholder="New workflow name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
            Create workflow
          </button>
          <button type="button" className="btn" onClick={() => fileInput.current?.click()}>
            Import JSON
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="hidden"
            aria-label="Import workflow file"
            onChange={(e) => e.target.files?.[0] && importFile(e.target.files[0])}
          />
        </form>
        {error && (
          <p
            role="alert"
            className="mb-3 rounded bg-rose-50 p-2 text-sm text-rose-700 dark:bg-rose-950 dark:text-rose-200"
          >
            {error}
          </p>
        )}
        <WorkflowTable
          items={items}
          user={user}
          view={view}
          folders={folders.data ? folderList : null}
          folderOf={folderOf}
          onMove={(w, target) => move({ kind: 'workflow', id: w.id }, target)}
          onRename={(w, next) => run(() => workflowApi.update(w.id, { name: next }))}
          onDelete={setDeleting}
          onRestore={(w) => run(() => workflowApi.restore(w.id))}
        />
        {items.length === 0 && !workflows.isPending && (
          <p className="mt-6 text-sm text-slate-500">No workflows here yet.</p>
        )}
      </section>
      <Dialog
        title={`Delete "${deleting?.name ?? ''}"`}
        open={deleting !== null}
        onClose={() => setDeleting(null)}
      >
        <p className="mb-4 text-sm">Scheduled workflows can be restored until the cleanup removes them.</p>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => deleting && remove(deleting, false)}
          >
            Schedule for deletion
          </button>
          <button type="button" className="btn btn-danger" onClick={() => deleting && remove(deleting, true)}>
            Delete permanently
          </button>
        </div>
      </Dialog>
    </div>
  );
}
