/**
 * The one error catalogue. Every error a client can see has a stable `code`, an HTTP status and a
 * default message; the HTTP error handler maps an AppError to problem+json (RFC 9457).
 */
export const ErrorCatalogue = {
  bad_request: { status: 400, title: 'Bad request' },
  malformed_json: { status: 400, title: 'Malformed JSON body' },
  unauthorized: { status: 401, title: 'Authentication required' },
  invalid_token: { status: 401, title: 'Invalid or expired token' },
  invalid_credentials: { status: 401, title: 'Wrong email or password' },
  refresh_token_reused: { status: 401, title: 'Refresh token already used; session revoked' },
  header_auth_failed: { status: 401, title: 'The workflow header is missing or wrong' },
  forbidden: { status: 403, title: 'Forbidden' },
  owner_only_setting: { status: 403, title: 'Only the owner may change this setting' },
  test_run_forbidden: { status: 403, title: 'Test runs need a signed-in user with access' },
  registration_closed: { status: 403, title: 'Registration is disabled' },
  not_found: { status: 404, title: 'Not found' },
  route_not_found: { status: 404, title: 'No such route' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  email_taken: { status: 409, title: 'Email already registered' },
  payload_too_large: { status: 413, title: 'Request body too large' },
  uri_too_long: { status: 414, title: 'A path segment is too long' },
  unsupported_media_type: { status: 415, title: 'Unsupported content type' },
  validation_failed: { status: 422, title: 'Validation failed' },
  weak_password: { status: 422, title: 'Password does not meet the policy' },
  invalid_workflow: { status: 422, title: 'Invalid workflow graph' },
  invalid_archive: { status: 422, title: 'The archive cannot be imported' },
  expression_error: { status: 422, title: 'Expression error' },
  recursion_limit: { status: 422, title: 'Sub-workflow nesting limit reached' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ErrorCatalogue;

export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  detail?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extra members for the problem body (e.g. offending node ids). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.detail ?? ErrorCatalogue[code].title, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ErrorCatalogue[code].status;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
