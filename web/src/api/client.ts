/**
 * The fetch client: same-origin cookies, JSON in and out, problem+json errors as ApiError, and a
 * silent refresh (POST /api/auth/refresh) on a 401, after which the request is retried once.
 */
export interface Problem {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  code?: string;
  errors?: { path: string; message: string }[];
  node_ids?: string[];
  edge_ids?: string[];
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.name = 'ApiError';
  }
  get status(): number {
    return this.problem.status;
  }
  get code(): string | undefined {
    return this.problem.code;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the refresh-and-retry on 401 (the auth endpoints themselves). */
  noRefresh?: boolean;
}

let refreshing: Promise<boolean> | null = null;
let onSessionLost: () => void = () => {};

/** Called when a refresh fails: the app sends the user to the sign-in page. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

/** One refresh at a time: concurrent 401s wait for the same rotation. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as Problem;
    if (parsed && typeof parsed === 'object') return { ...parsed, status: response.status };
  } catch {
    // not JSON
  }
  return { status: response.status, title: response.statusText, detail: text || response.statusText };
}

/** fetch with cookies and the refresh-and-retry-once rule; answers the raw Response when ok. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const send = () =>
    fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  let response = await send();
  if (response.status === 401 && !options.noRefresh) {
    if (await refreshSession()) response = await send();
    if (response.status === 401) onSessionLost();
  }
  if (!response.ok) throw new ApiError(await problemOf(response));
  return response;
}

/** JSON request; 204 answers undefined. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.problem.errors?.map((e) => `${e.path}: ${e.message}`) ?? [];
    return details.length > 0 ? `${error.message} — ${details.join('; ')}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
