export const RunStatus = { success: 'success', error: 'error', cancelled: 'cancelled' } as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];

export const NodeStatus = {
  success: 'success',
  error: 'error',
  skipped: 'skipped',
  cancelled: 'cancelled',
} as const;
export type NodeStatus = (typeof NodeStatus)[keyof typeof NodeStatus];
