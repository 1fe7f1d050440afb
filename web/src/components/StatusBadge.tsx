const COLORS: Record<string, string> = {
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
  cached: 'bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-100',
  error: 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  pending: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  skipped: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
  cancelled: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100',
  rate_limited: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-block rounded px-1.5 py-0.5 text-[11px] font-semibold ${COLORS[status] ?? COLORS.pending}`}
    >
      {status}
    </span>
  );
}

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '–';
}
