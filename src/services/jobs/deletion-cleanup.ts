/**
 * The daily deletion cleanup (spec 3.3, 8.3): at 23:59 in the configured time zone, every workflow
 * scheduled for deletion whose start nodes (no incoming edges; sticky notes and error handlers
 * excluded) all have `data.active === false` is deleted. Any other stays scheduled until a later
 * run. A graph with no start node at all has nothing that could still fire, so it is deleted too.
 */
import Value from 'typebox/value';
import { startNodes, WorkflowDocumentSchema } from '../../core/workflow/index.js';
import type { Db } from '../../store/database.js';
import { createJobRunRepository } from '../../store/repositories/job-runs.js';
import {
  createScheduledDeletionRepository,
  type ScheduledDeletionRepository,
} from '../../store/repositories/scheduled-deletions.js';
import type { WorkflowRow } from '../../store/repositories/workflows.js';
import { DailyJob, type Clock, type DailyJobLogger } from './daily-job.js';

export const DELETION_CLEANUP_JOB = 'deletion-cleanup';
export const DELETION_CLEANUP_TIME = { hour: 23, minute: 59 } as const;
const PAGE_SIZE = 200;

export interface DeletionCleanupResult {
  deleted: string[];
  kept: number;
}

/** True when nothing in the workflow can start a run any more. A malformed graph is kept. */
export function isDeletable(row: Pick<WorkflowRow, 'nodes' | 'edges'>): boolean {
  const doc = { nodes: row.nodes, edges: row.edges };
  if (!Value.Check(WorkflowDocumentSchema, doc)) return false;
  return startNodes(doc).every((node) => node.data.active === false);
}

export interface DeletionCleanupDeps {
  deletions: ScheduledDeletionRepository;
  /** After each deletion: drops cached copies of the workflow. */
  onDeleted: (workflowId: string) => Promise<void>;
}

export async function runDeletionCleanup(deps: DeletionCleanupDeps): Promise<DeletionCleanupResult> {
  const result: DeletionCleanupResult = { deleted: [], kept: 0 };
  for (let after: string | null = null; ;) {
    const ids = await deps.deletions.scheduledIds(after, PAGE_SIZE);
    for (const id of ids) {
      if (await deps.deletions.deleteIf(id, isDeletable)) {
        result.deleted.push(id);
        await deps.onDeleted(id);
      } else result.kept++;
    }
    if (ids.length < PAGE_SIZE) return result;
    after = ids[ids.length - 1]!;
  }
}

export interface DeletionCleanupJobDeps {
  db: Db;
  timeZone: string;
  onDeleted: (workflowId: string) => Promise<void>;
  clock?: Clock;
  logger?: DailyJobLogger;
}

/** The cleanup as a daily job, claimed once per local date across every worker. */
export function createDeletionCleanupJob(deps: DeletionCleanupJobDeps): DailyJob<DeletionCleanupResult> {
  const deletions = createScheduledDeletionRepository(deps.db);
  return new DailyJob({
    name: DELETION_CLEANUP_JOB,
    timeZone: deps.timeZone,
    ...DELETION_CLEANUP_TIME,
    claims: createJobRunRepository(deps.db),
    run: () => runDeletionCleanup({ deletions, onDeleted: deps.onDeleted }),
    clock: deps.clock,
    logger: deps.logger,
  });
}
